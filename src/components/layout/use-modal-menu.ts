import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalMenu = {
  open: boolean;
  /** Opens or closes from the toggle button. */
  toggle: () => void;
  /** Closes without moving focus (a link inside was followed: the new page takes focus). */
  close: () => void;
  /** Holds the toggle and the panel: focus stays inside it while open. */
  containerRef: RefObject<HTMLDivElement | null>;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The behaviour of a menu that covers the page while it is open (a modal disclosure): the page
 * behind does not scroll; Escape or a click or tap outside closes it and returns focus to its
 * toggle; Tab and Shift+Tab cycle through the toggle and the menu's items only; everything else
 * in the app's root is inert (out of reach of assistive technology too); and it closes
 * when the viewport grows past `closeAtQuery`, where the menu is not shown at all.
 */
export function useModalMenu(closeAtQuery: string): ModalMenu {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const container = containerRef.current;
    const closeToToggle = () => {
      setOpen(false);
      toggleRef.current?.focus({ preventScroll: true });
    };
    const focusables = () => [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeToToggle();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = container?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A click outside only closes the menu: it must not also follow a link under the backdrop.
    const onClick = (event: MouseEvent) => {
      if (container?.contains(event.target as Node)) return;
      event.preventDefault();
      event.stopPropagation();
      closeToToggle();
    };
    // Focus that reaches the page another way (a screen reader's own commands) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (!container?.contains(event.target as Node)) toggleRef.current?.focus();
    };

    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    // The rest of the page is out of reach, for a screen reader's reading cursor too.
    const behind = [...(container?.closest('#root')?.children ?? [])].filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && !element.contains(container) && !element.inert,
    );
    for (const element of behind) element.inert = true;
    const wide = window.matchMedia?.(closeAtQuery);
    const onWide = () => wide?.matches && setOpen(false);

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick, true);
    document.addEventListener('focusin', onFocusIn);
    wide?.addEventListener('change', onWide);
    return () => {
      root.style.overflow = previousOverflow;
      for (const element of behind) element.inert = false;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('focusin', onFocusIn);
      wide?.removeEventListener('change', onWide);
    };
  }, [open, closeAtQuery]);

  return { open, toggle, close, containerRef, toggleRef };
}
