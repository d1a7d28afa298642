import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HeroArtSlot } from '@/page-loading/hero-art-slot';
import { markFirstPageShown } from '@/page-loading/first-page';

const hero = (
  <div>
    <h1>Data Audits</h1>
    <HeroArtSlot>
      <svg data-testid="art" />
    </HeroArtSlot>
  </div>
);

afterEach(() => vi.useRealTimers());

// The order matters: once a page has been shown, it stays shown for the rest of the file.
describe('HeroArtSlot', () => {
  it('holds the art in the prerendered HTML', () => {
    expect(renderToString(hero)).toContain('data-testid="art"');
  });

  it('renders the art with the first page', () => {
    render(hero);
    expect(screen.getByTestId('art')).toBeInTheDocument();
  });

  it('on a client-side navigation, leaves the box empty until the heading has been painted', async () => {
    markFirstPageShown();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    render(hero);
    expect(screen.getByRole('heading', { name: 'Data Audits' })).toBeInTheDocument();
    expect(screen.queryByTestId('art')).toBeNull();

    await act(async () => vi.advanceTimersToNextFrame());
    expect(screen.queryByTestId('art')).toBeNull();
    await act(async () => vi.runOnlyPendingTimers());
    expect(screen.getByTestId('art')).toBeInTheDocument();
  });
});
