import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { BelowTheFold } from '@/page-loading/below-the-fold';
import { isFirstPageShown, markFirstPageShown } from '@/page-loading/first-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = (
  <>
    <h1>Data Strategy</h1>
    <BelowTheFold>
      <section id="approach">Our approach</section>
    </BelowTheFold>
  </>
);

let root: Root | undefined;

async function render() {
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  await act(async () => {
    root = createRoot(container);
    root.render(page);
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  vi.useRealTimers();
  document.body.replaceChildren();
});

// The order matters: once a page has been shown, it stays shown for the rest of the file.
describe('BelowTheFold', () => {
  it('is in the prerendered HTML', () => {
    expect(renderToString(page)).toContain('Our approach');
  });

  it('renders with the rest of the first page (hydration, a client-only first render)', async () => {
    expect(isFirstPageShown()).toBe(false);
    const container = await render();
    expect(container.querySelector('#approach')).not.toBeNull();
  });

  it('on a later navigation, follows one frame after the first screen, in place of a blank block', async () => {
    markFirstPageShown();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const container = await render();
    expect(container.querySelector('h1')?.textContent).toBe('Data Strategy');
    expect(container.querySelector('#approach')).toBeNull();
    const blank = container.querySelector('[aria-hidden="true"]');
    expect(blank?.className).toContain('min-h-screen');

    // The frame in which the first screen is painted; the rest is rendered in a task after it.
    await act(async () => vi.advanceTimersToNextFrame());
    expect(container.querySelector('#approach')).toBeNull();
    await act(async () => vi.runOnlyPendingTimers());
    expect(container.querySelector('#approach')?.textContent).toBe('Our approach');
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('renders nothing in its place where a block would not be valid', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const container = document.createElement('ul');
    document.body.replaceChildren(container);
    await act(async () => {
      root = createRoot(container);
      root.render(
        <>
          <li>First</li>
          <BelowTheFold fallback={null}>
            <li>Second</li>
          </BelowTheFold>
        </>,
      );
    });
    expect(container.innerHTML).toBe('<li>First</li>');
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.runOnlyPendingTimers());
    expect(container.innerHTML).toBe('<li>First</li><li>Second</li>');
  });
});
