import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { Link, NavLink } from 'react-router';

import { BrandLogo } from '@/components/layout/brand-logo';
import { ContactLink } from '@/components/layout/contact-link';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { primaryNav, resourcesNav } from '@/config/navigation';
import { paths } from '@/config/paths';
import { site, timings } from '@/config/site';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-semibold text-ink-soft transition-colors hover:bg-slate-100 hover:text-ink';
const activeClass = 'text-brand-700';

export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-header border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-full items-center justify-between gap-4">
        <Link to={paths.home} className="rounded-md text-ink" aria-label={`${site.name} home`}>
          <BrandLogo />
        </Link>
        <DesktopNav />
        <MobileMenu />
      </div>
    </header>
  );
}

function DesktopNav() {
  // Radix closes an open menu 150 ms after the pointer leaves, the spec's close delay.
  return (
    <NavigationMenu.Root
      delayDuration={timings.navMenuOpenDelayMs}
      skipDelayDuration={timings.navMenuSkipDelayMs}
      aria-label="Main"
      className="hidden md:block"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        {primaryNav.map((item) => (
          <NavigationMenu.Item key={item.href}>
            <NavigationMenu.Link asChild>
              <NavLink
                to={item.href}
                className={({ isActive }) => `${linkClass} ${isActive ? activeClass : ''}`}
              >
                {item.label}
              </NavLink>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
        <NavigationMenu.Item className="relative">
          <NavigationMenu.Trigger className={`${linkClass} group inline-flex items-center gap-1`}>
            Resources
            <svg
              viewBox="0 0 12 12"
              width="12"
              height="12"
              aria-hidden="true"
              className="transition-transform group-data-[state=open]:rotate-180"
            >
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full right-0 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
            <ul>
              {resourcesNav.map((item) => (
                <li key={item.href}>
                  <NavigationMenu.Link asChild>
                    <Link to={item.href} className="block rounded-lg px-3 py-2 hover:bg-slate-100">
                      <span className="block text-sm font-semibold text-ink">{item.label}</span>
                      <span className="block text-sm text-ink-muted">{item.description}</span>
                    </Link>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <ContactLink className="ml-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              Contact
            </ContactLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
