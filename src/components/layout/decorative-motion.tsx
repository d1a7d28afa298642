import { useEffect } from 'react';

/** Set on <html> once the page is ready; decorative animations (the particles) wait for it. */
export const DECORATIVE_MOTION_ATTRIBUTE = 'data-motion';

/**
 * Starts decorative motion only when the browser is idle after hydration, so pulsing dots never
 * compete with the first paint and hydration for a phone's main thread. Renders nothing.
 */
export function DecorativeMotion() {
  useEffect(() => {
    const start = () => document.documentElement.setAttribute(DECORATIVE_MOTION_ATTRIBUTE, 'on');
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, []);
  return null;
}
