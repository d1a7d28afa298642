import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HeroArtSlot } from '@/components/services/hero-art/hero-art-slot';
import { markFirstPageShown } from '@/hydration/first-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const hero = (
  <div>
    <h1>Data Audits</h1>
    <HeroArtSlot>
      <svg data-testid="art" />
    </HeroArtSlot>
  </div>
);

let root: Root | undefined;

async function render() {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  await act(async () => {
    root = createRoot(container);
    root.render(hero);
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  vi.useRealTimers();
  document.body.replaceChildren();
});

// The order matters: once a page has been shown, it stays shown for the rest of the file.
describe('HeroArtSlot', () => {
  it('holds the art in the prerendered HTML', () => {
    expect(renderToString(hero)).toContain('data-testid="art"');
  });

  it('renders the art with the first page', async () => {
    const container = await render();
    expect(container.querySelector('[data-testid="art"]')).not.toBeNull();
  });

  it('on a client-side navigation, leaves the box empty until the heading has been painted', async () => {
    markFirstPageShown();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const container = await render();
    expect(container.querySelector('h1')).not.toBeNull();
    expect(container.querySelector('[data-testid="art"]')).toBeNull();

    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.runOnlyPendingTimers());
    expect(container.querySelector('[data-testid="art"]')).not.toBeNull();
  });
});
