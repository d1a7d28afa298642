import { useId } from 'react';
import { useLocation } from 'react-router';

import { ContactLink } from '@/components/layout/contact-link';
import { navCurrent } from '@/components/layout/nav-current';
import { useModalMenu } from '@/components/layout/use-modal-menu';
import { primaryNav, resourcesNav } from '@/config/navigation';

const itemClass = 'block rounded-lg px-3 py-3 text-base font-semibold hover:bg-slate-100';
const idleClass = `${itemClass} text-ink`;
/** The current page or section: brand colour and a bar at the start, not colour alone. */
const currentClass = `${itemClass} bg-brand-50 text-brand-700 shadow-[inset_3px_0_0] shadow-brand-700`;

/** Below the md breakpoint only; at md and up the header shows the full navigation instead. */
const WIDE_QUERY = '(min-width: 48rem)';

/**
 * The phone navigation: a toggle button and a panel under the header over a backdrop. While open
 * it behaves as a modal (see useModalMenu): the page neither scrolls nor takes focus, and
 * Escape or a tap on the backdrop closes it with focus back on the toggle.
 */
export function MobileMenu() {
  const { open, toggle, close, containerRef, toggleRef } = useModalMenu(WIDE_QUERY);
  const { pathname } = useLocation();
  const menuId = useId();

  const link = (href: string, label: string, extraClass = '') => {
    const current = navCurrent(pathname, href);
    return (
      <a
        href={href}
        aria-current={current}
        className={`${current ? currentClass : idleClass} ${extraClass}`}
        onClick={close}
      >
        {label}
      </a>
    );
  };

  return (
    <div className="md:hidden">
      {open ? (
        <div
          data-testid="mobile-menu-backdrop"
          aria-hidden="true"
          className="absolute inset-x-0 top-full h-dvh bg-slate-900/50"
        />
      ) : null}
      <div ref={containerRef}>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-slate-100"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
        </button>
        <nav
          id={menuId}
          aria-label="Mobile"
          hidden={!open}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto overscroll-contain border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
        >
          <ul className="space-y-1">
            {primaryNav.map((item) => (
              <li key={item.href}>{link(item.href, item.label)}</li>
            ))}
            <li>
              <p className="px-3 pt-3 pb-1 text-xs font-bold tracking-wider text-ink-muted uppercase">
                Resources
              </p>
              <ul>
                {resourcesNav.map((item) => (
                  <li key={item.href}>{link(item.href, item.label, 'pl-6')}</li>
                ))}
              </ul>
            </li>
            <li>
              <ContactLink className={idleClass} onNavigate={close}>
                Contact
              </ContactLink>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
