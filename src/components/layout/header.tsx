import { useLocation } from 'react-router';

import { BrandLogo } from '@/components/layout/brand-logo';
import { ContactLink } from '@/components/layout/contact-link';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { navCurrent } from '@/components/layout/nav-current';
import { ResourcesMenu } from '@/components/layout/resources-menu';
import { primaryNav } from '@/config/navigation';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

const navItemClass =
  'rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-slate-100';
const linkClass = `${navItemClass} text-ink-soft hover:text-ink`;
/** The current page's item: its own colour, not competing with the idle one in the cascade. */
const activeLinkClass = `${navItemClass} text-brand-700`;

export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-header border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-full items-center justify-between gap-4">
        <a href={paths.home} className="rounded-md text-ink" aria-label={`${site.name} home`}>
          <BrandLogo />
        </a>
        <DesktopNav />
        <MobileMenu />
      </div>
    </header>
  );
}

function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {primaryNav.map((item) => {
          const current = navCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={current}
                className={current ? activeLinkClass : linkClass}
              >
                {item.label}
              </a>
            </li>
          );
        })}
        <ResourcesMenu triggerClassName={linkClass} currentTriggerClassName={activeLinkClass} />
        <li>
          <ContactLink className="ml-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Contact
          </ContactLink>
        </li>
      </ul>
    </nav>
  );
}
