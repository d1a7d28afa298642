import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * A lazily loaded route page that can also be loaded ahead of rendering. Prerender and
 * hydration call `preload()` for the current URL first, so the page renders synchronously and
 * its markup matches the static HTML instead of suspending into a fallback.
 */
export type LazyPage = {
  Component: ComponentType;
  preload: () => Promise<PageModule>;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;

  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // Forget a failed load (a network blip during a preload), so the next attempt retries.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  // A thenable that resolves synchronously lets React.lazy skip suspending once loaded.
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>)
      : preload(),
  );

  return { Component, preload };
}
