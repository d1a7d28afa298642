import type { ReactNode } from 'react';

import { BrandLogo } from '@/components/layout/brand-logo';
import { ContactLink } from '@/components/layout/contact-link';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import {
  footerCompanyLinks,
  footerLegalLinks,
  footerServiceLinks,
  type NavLink,
} from '@/config/navigation';
import { site } from '@/config/site';

// py-1 makes each link a 28 px target (WCAG 2.5.8) at the same 32 px pitch as plain text lines.
const linkClass =
  'inline-block py-1 text-slate-300 hover:text-white hover:underline underline-offset-4';

/** `legalExtra` lets the app add controls owned by features, such as Cookie settings. */
export function Footer({ legalExtra }: { legalExtra?: (className: string) => ReactNode }) {
  return (
    <footer id="site-footer" className="bg-ink text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <BrandLogo className="text-white" />
          <p className="mt-4 max-w-xs text-sm leading-6">{site.tagline}</p>
          <a
            href={site.linkedinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-white hover:underline"
          >
            <LinkedInIcon />
            Follow us on LinkedIn
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <FooterColumn title="Services">
          <FooterLinks links={footerServiceLinks} />
        </FooterColumn>
        <FooterColumn title="Company">
          <FooterLinks links={footerCompanyLinks} />
          <li>
            <ContactLink className={linkClass}>Contact</ContactLink>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal">
          <FooterLinks links={footerLegalLinks} />
          {legalExtra ? <li>{legalExtra(linkClass)}</li> : null}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-sm text-slate-400">
          © {site.copyrightYear} {site.legalName}. All rights reserved. Registered in England and
          Wales, company number {site.companyNumber}.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-1 text-sm">{children}</ul>
    </nav>
  );
}

function FooterLinks({ links }: { links: readonly NavLink[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} className={linkClass}>
        {link.label}
      </a>
    </li>
  ));
}
