import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';

import { isResourcePage, navCurrent } from '@/components/layout/nav-current';
import { useHoverIntent } from '@/components/layout/use-hover-intent';
import { resourcesNav } from '@/config/navigation';

type Props = {
  triggerClassName: string;
  /** The trigger's class on a resource page, where it is marked as the current section. */
  currentTriggerClassName?: string;
};

const itemClass = 'block rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:bg-slate-100';

/**
 * The header's Resources dropdown: a disclosure button and a list of links (the pattern WAI
 * recommends for site navigation, rather than an ARIA menu). Hover, click, Enter/Space,
 * ArrowDown into the list, Escape back to the button; it closes when focus or a click leaves.
 */
export function ResourcesMenu({ triggerClassName, currentTriggerClassName }: Props) {
  const { open, setOpen, toggle, hoverProps } = useHoverIntent();
  const { pathname } = useLocation();
  const inSection = isResourcePage(pathname);
  const listId = useId();
  const container = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const links = () => [...(container.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    const index = links().indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // Wait a frame when just opened, so the list is shown before it takes focus.
    requestAnimationFrame(() => {
      const list = links();
      list[(index + step + list.length) % list.length]?.focus();
    });
  };

  return (
    // The list item only catches events bubbling from its button and links (delegation).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={container}
      className="relative"
      {...hoverProps}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-current={inSection ? 'true' : undefined}
        onClick={toggle}
        className={`${inSection ? (currentTriggerClassName ?? triggerClassName) : triggerClassName} group inline-flex items-center gap-1`}
      >
        Resources
        <svg
          viewBox="0 0 12 12"
          width="12"
          height="12"
          aria-hidden="true"
          className={`transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {/* Padding, not margin, above the panel: the pointer never crosses a gap that closes it. */}
      <div id={listId} hidden={!open} className="absolute top-full right-0 w-72 pt-2">
        <ul className="rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
          {resourcesNav.map((item) => {
            const current = navCurrent(pathname, item.href);
            return (
              <li key={item.href}>
                <a
                  href={item.href}
                  aria-current={current}
                  onClick={() => setOpen(false)}
                  className={current ? `${itemClass} bg-brand-50` : itemClass}
                >
                  <span
                    className={`block text-sm font-semibold ${current ? 'text-brand-700' : 'text-ink'}`}
                  >
                    {item.label}
                  </span>
                  <span className="block text-sm text-ink-muted">{item.description}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
