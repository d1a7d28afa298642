import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Footer } from '@/components/layout/footer';
import {
  footerCompanyLinks,
  footerLegalLinks,
  footerServiceLinks,
  type NavLink,
} from '@/config/navigation';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { services } from '../../support/all-services';

/** The links of one footer column, in order, as label and href. */
function columnLinks(name: string): NavLink[] {
  const column = screen.getByRole('navigation', { name });
  return within(column)
    .getAllByRole('link')
    .map((link) => ({
      label: link.textContent ?? '',
      href: link.getAttribute('href') ?? '',
    }));
}

const plain = (links: readonly NavLink[]) => links.map(({ label, href }) => ({ label, href }));

describe('Footer', () => {
  it('renders exactly the configured links in each column, in order', () => {
    render(<Footer />);
    expect(columnLinks('Services')).toEqual(plain(footerServiceLinks));
    expect(columnLinks('Company')).toEqual([
      ...plain(footerCompanyLinks),
      { label: 'Contact', href: paths.contact },
    ]);
    expect(columnLinks('Legal')).toEqual(plain(footerLegalLinks));
  });

  it('adds the extra legal control after the configured legal links', () => {
    render(<Footer legalExtra={(className) => <button className={className}>Cookies</button>} />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    const items = within(legal).getAllByRole('listitem');
    expect(items).toHaveLength(footerLegalLinks.length + 1);
    expect(within(items.at(-1)!).getByRole('button', { name: 'Cookies' })).toBeDefined();
  });

  it('links every service entry to a service that exists', () => {
    for (const link of footerServiceLinks) {
      const slug = link.href.replace(paths.service(''), '');
      expect(
        services.find((service) => service.slug === slug),
        link.href,
      ).toBeDefined();
      expect(link.href).toBe(paths.service(slug));
    }
  });

  it('opens LinkedIn in a new tab and names the company', () => {
    render(<Footer />);
    const linkedin = screen.getByRole('link', { name: /LinkedIn/ });
    expect(linkedin.getAttribute('href')).toBe(site.linkedinUrl);
    expect(linkedin.getAttribute('target')).toBe('_blank');
    expect(linkedin.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `© ${site.copyrightYear} ${site.legalName}`,
    );
  });
});
