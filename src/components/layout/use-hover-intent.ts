import { useCallback, useEffect, useRef, useState } from 'react';

import { timings } from '@/config/site';

/**
 * Open-on-hover with the menu timings of site.ts: opens 200 ms after the pointer arrives, closes
 * 150 ms after it leaves, and re-opens at once if it comes back within 300 ms of closing
 * (the "skip delay", so moving between items does not make the visitor wait again).
 *
 * A click (or Enter/Space) on the trigger `toggle`s, with one exception: a menu the pointer has
 * opened is pinned open by the click, not closed by it, since a mouse user who hovers and then
 * clicks wants the menu. A pinned menu stays when the pointer leaves; the next click, Escape,
 * or a click or focus elsewhere closes it.
 */
export function useHoverIntent() {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const closedAt = useRef(0);
  const pinned = useRef(false);

  const clear = () => window.clearTimeout(timer.current);

  const setOpenNow = useCallback((next: boolean) => {
    window.clearTimeout(timer.current);
    if (!next) closedAt.current = Date.now();
    pinned.current = next;
    setOpen(next);
  }, []);

  const toggle = useCallback(() => {
    // Open but not pinned: the pointer opened it (or is about to); the click keeps it open.
    setOpenNow(!open || !pinned.current);
  }, [open, setOpenNow]);

  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType === 'touch') return;
    clear();
    if (open) return;
    const recentlyClosed = Date.now() - closedAt.current < timings.navMenuSkipDelayMs;
    if (recentlyClosed) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), timings.navMenuOpenDelayMs);
  };

  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType === 'touch' || pinned.current) return;
    clear();
    timer.current = window.setTimeout(() => setOpenNow(false), timings.navMenuCloseDelayMs);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { open, setOpen: setOpenNow, toggle, hoverProps: { onPointerEnter, onPointerLeave } };
}
