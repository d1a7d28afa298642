import { useEffect, useId, useState } from 'react';

import { ContactLink } from '@/components/layout/contact-link';
import { primaryNav, resourcesNav } from '@/config/navigation';

const itemClass = 'block rounded-lg px-3 py-3 text-base font-semibold text-ink hover:bg-slate-100';

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((value) => !value)}
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
        className="absolute inset-x-0 top-header max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
      >
        <ul className="space-y-1">
          {primaryNav.map((item) => (
            <li key={item.href}>
              <a href={item.href} className={itemClass} onClick={close}>
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <p className="px-3 pt-3 pb-1 text-xs font-bold tracking-wider text-ink-muted uppercase">
              Resources
            </p>
            <ul>
              {resourcesNav.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={`${itemClass} pl-6`} onClick={close}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <ContactLink className={itemClass} onNavigate={close}>
              Contact
            </ContactLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
