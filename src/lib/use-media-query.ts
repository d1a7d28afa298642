import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, read when the component first renders and followed as it
 * changes. For client-rendered screens only: before the browser answers (a prerender, or a
 * test environment without `matchMedia`) it returns `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
