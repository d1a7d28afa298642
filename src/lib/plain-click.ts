import type { MouseEvent } from 'react';

/** A click that should follow a link in this tab: the main button, no modifier keys. */
export function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
