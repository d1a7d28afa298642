import { act, type ReactNode, useEffect, useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/app-routes';
import { loadRoute } from '@/app/route-table';
import { indexablePaths } from '@/app/static-paths';
import { StaticIsland } from '@/page-loading/static-island';
import { findBehaviourInIsland } from '@/page-loading/static-island-guard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Client-renders `ui` and returns the errors React could not recover from. `settle` waits, inside
 * the same act scope, for the lazy parts of a page (a section's code loaded on demand).
 */
async function renderCollectingErrors(ui: ReactNode, { settle = false } = {}) {
  const errors: unknown[] = [];
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  const root = createRoot(container, { onUncaughtError: (error) => errors.push(error) });
  try {
    if (!settle) act(() => root.render(ui));
    else {
      await act(async () => {
        root.render(ui);
        // Until the markup has stopped changing for a while: lazy code arrives within that.
        let quietTicks = 0;
        let markup = '';
        while (quietTicks < 5) {
          await new Promise((done) => setTimeout(done, 40));
          quietTicks = container.innerHTML === markup ? quietTicks + 1 : 0;
          markup = container.innerHTML;
        }
      });
    }
  } catch (error) {
    errors.push(error);
  }
  return { errors, container, root };
}

function Counter() {
  const [count] = useState(0);
  return <p>{count}</p>;
}

function Ticker() {
  useEffect(() => {}, []);
  return <p>tick</p>;
}

function LabelledText() {
  const id = useId();
  return <p id={id}>Just text, with an id</p>;
}

afterEach(() => document.body.replaceChildren());

// The code pages load on demand, transformed once up front: a first import can take longer than
// a render waits, and would then resolve outside its act scope.
beforeAll(async () => {
  // jsdom has neither matchMedia nor IntersectionObserver; the carousel engine uses both.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  await Promise.all([
    import('@/components/home/carousel-controls'),
    import('@/features/contact/contact-form'),
    import('@/features/consent/cookie-banner'),
    import('@/features/consent/preferences-dialog'),
    import('@/components/ui/toast/sonner-toaster'),
    import('@/components/services/hero-art/service-hero-art'),
    import('@/components/services/hero-art/services-hero-art'),
  ]);
}, 60_000);

afterAll(() => vi.unstubAllGlobals());

describe('StaticIsland in development', () => {
  it.each([
    ['state', <Counter key="c" />, 'Counter has state'],
    ['an effect', <Ticker key="t" />, 'Ticker has an effect'],
    [
      'an event handler',
      <button key="b" type="button" onClick={() => {}}>
        Press
      </button>,
      '<button> has an onClick handler',
    ],
  ])('throws when a component inside it has %s', async (_kind, child, named) => {
    const { errors } = await renderCollectingErrors(
      <StaticIsland>
        <section>{child}</section>
      </StaticIsland>,
    );
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain(named);
  });

  it('accepts content without behaviour: text, links, ids', async () => {
    const { errors, container } = await renderCollectingErrors(
      <StaticIsland>
        <LabelledText />
        <a href="/about">About</a>
      </StaticIsland>,
    );
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('Just text, with an id');
  });

  it('does not look past the island: behaviour beside it is fine', async () => {
    const { errors } = await renderCollectingErrors(
      <>
        <Counter />
        <StaticIsland>
          <p>Static</p>
        </StaticIsland>
      </>,
    );
    expect(errors).toEqual([]);
  });

  it.each(indexablePaths())('no island on %s holds behaviour', async (path) => {
    await loadRoute(path);
    const { errors, container, root } = await renderCollectingErrors(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>,
      { settle: true },
    );
    expect(errors).toEqual([]);
    expect(container.querySelector('main h1')).not.toBeNull();
    await act(async () => root.unmount());
  });
});

/**
 * An island's element as React 19 leaves it, with a hand-made fiber: the host `<div>` rendered by
 * StaticIsland, whose hooks are a state and an effect. `change` alters it the way a React release
 * could.
 */
function islandWithFiber(
  change: (fiber: Record<string, unknown>, owner: Record<string, unknown>) => void,
) {
  const element = document.createElement('div');
  element.id = 'island';
  const effect = {
    memoizedState: { tag: 4, create: () => {}, deps: null },
    queue: null,
    next: null,
  };
  const state = { memoizedState: null, queue: { dispatch: () => {} }, next: effect };
  const owner: Record<string, unknown> = {
    type: function StaticIsland() {},
    memoizedState: state,
    memoizedProps: {},
    child: null,
    sibling: null,
    return: null,
  };
  const fiber: Record<string, unknown> = {
    type: 'div',
    memoizedState: null,
    memoizedProps: { id: 'island' },
    child: null,
    sibling: null,
    return: owner,
  };
  change(fiber, owner);
  Object.assign(element, { __reactFiber$probe: fiber });
  return element;
}

describe("StaticIsland's check when React's internals change", () => {
  it('reads the hand-made fiber of the current React as an island without behaviour', () => {
    expect(findBehaviourInIsland(islandWithFiber(() => {}))).toBeNull();
  });

  it.each([
    ['the fiber property is renamed', () => document.createElement('div'), 'has no __reactFiber$'],
    [
      'a tree field is renamed',
      () => islandWithFiber((fiber) => delete fiber.sibling),
      'no "sibling" field',
    ],
    [
      'props move out of memoizedProps',
      () => islandWithFiber((fiber) => (fiber.memoizedProps = null)),
      'its props in memoizedProps',
    ],
    [
      'a component no longer owns its host fiber',
      () => islandWithFiber((fiber) => (fiber.return = null)),
      "StaticIsland's function component",
    ],
    [
      'a state hook loses queue.dispatch',
      () =>
        islandWithFiber((_fiber, owner) => {
          (owner.memoizedState as { queue: unknown }).queue = { set: () => {} };
        }),
      "StaticIsland's useState",
    ],
    [
      "an effect's fields are renamed",
      () =>
        islandWithFiber((_fiber, owner) => {
          const state = owner.memoizedState as { next: { memoizedState: unknown } };
          state.next.memoizedState = { tag: 4, inst: {}, run: () => {}, deps: null };
        }),
      "StaticIsland's useLayoutEffect",
    ],
  ])('throws, naming the field, when %s', (_change, island, named) => {
    const check = () => findBehaviourInIsland(island());
    expect(check).toThrow(named);
    expect(check).toThrow(/cannot read React \d+\.\d+\.\d+'s internals/);
    expect(check).toThrow('src/page-loading/static-island-guard.ts');
  });
});
