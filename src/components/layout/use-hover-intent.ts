import { useCallback, useEffect, useRef, useState } from 'react';

import { timings } from '@/config/site';

/**
 * Open-on-hover with the spec's menu timings: opens 200 ms after the pointer arrives, closes
 * 150 ms after it leaves, and re-opens at once if it comes back within 300 ms of closing
 * (the "skip delay", so moving between items does not make the visitor wait again).
 */
export function useHoverIntent() {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);

  const clear = () => window.clearTimeout(timer.current);

  const setOpenNow = useCallback((next: boolean) => {
    window.clearTimeout(timer.current);
    if (!next) closedAt.current = Date.now();
    setOpen(next);
  }, []);

  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType === 'touch') return;
    clear();
    const recentlyClosed = Date.now() - closedAt.current < timings.navMenuSkipDelayMs;
    if (recentlyClosed) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), timings.navMenuOpenDelayMs);
  };

  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType === 'touch') return;
    clear();
    timer.current = window.setTimeout(() => setOpenNow(false), timings.navMenuCloseDelayMs);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { open, setOpen: setOpenNow, hoverProps: { onPointerEnter, onPointerLeave } };
}
