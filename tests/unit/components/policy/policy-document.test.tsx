import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PolicyDocument } from '@/components/policy/policy-document';
import { formatUkDate } from '@/components/ui/formatted-date';
import { carbonReductionPlan } from '@/content/policies/carbon-reduction-plan';
import { cookiePolicy } from '@/content/policies/cookie-policy';
import { privacyPolicy } from '@/content/policies/privacy-policy';
import type { PolicyDocument as PolicyDocumentData } from '@/content/types';

function renderPolicy(document: PolicyDocumentData) {
  return render(
    <MemoryRouter>
      <PolicyDocument document={document} />
    </MemoryRouter>,
  );
}

// Role queries over a whole policy document are slow in jsdom; allow for a busy machine.
describe('PolicyDocument', { timeout: 20_000 }, () => {
  it('renders one h1, an h2 per section and a table of contents linking to each section', () => {
    renderPolicy(privacyPolicy);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const tocLinks = within(toc).getAllByRole('link');
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .filter((heading) => !toc.contains(heading));
    expect(headings.map((heading) => heading.textContent)).toEqual(
      privacyPolicy.sections.map((section) => section.heading),
    );
    headings.forEach((heading, index) => {
      const sectionElement = heading.closest('section')!;
      expect(sectionElement).toHaveAttribute('aria-labelledby', heading.id);
      expect(tocLinks[index]).toHaveAttribute('href', `#${sectionElement.id}`);
    });
  });

  it('shows the last-updated date in a <time>', () => {
    renderPolicy(privacyPolicy);
    const time = screen.getByText('25 August 2025');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2025-08-25');
    expect(time.parentElement).toHaveTextContent('Last updated 25 August 2025');
  });

  it('links to the cookie policy inside the app and to the privacy e-mail with mailto', () => {
    renderPolicy(privacyPolicy);
    const cookieLinks = screen.getAllByRole('link', { name: 'Cookie Policy' });
    expect(cookieLinks.length).toBeGreaterThan(0);
    for (const link of cookieLinks) {
      expect(link).toHaveAttribute('href', '/cookie-policy');
      expect(link).not.toHaveAttribute('target');
    }
    const mail = screen.getAllByRole('link', { name: 'privacy@kestreldata.co.uk' })[0];
    expect(mail).toHaveAttribute('href', 'mailto:privacy@kestreldata.co.uk');
  });

  it('opens external links in a new tab without opener or referrer', () => {
    renderPolicy(cookiePolicy);
    const chrome = screen.getByRole('link', { name: /Google Chrome/ });
    expect(chrome).toHaveAttribute('target', '_blank');
    expect(chrome).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the cookie policy version', () => {
    renderPolicy(cookiePolicy);
    expect(screen.getByText('Ver 25.01')).toBeInTheDocument();
  });

  it('renders the carbon plan emissions as real tables with captions, column and row headers', () => {
    renderPolicy(carbonReductionPlan);
    expect(screen.getByText('6 October 2025', { selector: 'time' })).toHaveAttribute(
      'dateTime',
      '2025-10-06',
    );
    const expected = {
      'Baseline year emissions, 2023 (tCO2e)': ['0.0', '0.6', '2.6', '3.2'],
      'Reporting year emissions, 2024 (tCO2e)': ['0.0', '0.6', '3.4', '4.0'],
    };
    for (const [caption, figures] of Object.entries(expected)) {
      const table = screen.getByRole('table', { name: caption });
      const columnHeaders = within(table).getAllByRole('columnheader');
      expect(columnHeaders.map((th) => th.textContent)).toEqual(['Emissions', 'Total (tCO2e)']);
      columnHeaders.forEach((th) => expect(th).toHaveAttribute('scope', 'col'));
      const rowHeaders = within(table).getAllByRole('rowheader');
      expect(rowHeaders.map((th) => th.textContent)).toEqual([
        'Scope 1',
        'Scope 2',
        'Scope 3 (included sources)',
        'Total emissions',
      ]);
      rowHeaders.forEach((th) => expect(th).toHaveAttribute('scope', 'row'));
      expect(
        within(table)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(figures);
    }
  });

  it('renders bullet lists as lists', () => {
    renderPolicy(carbonReductionPlan);
    const initiatives = screen
      .getByRole('heading', { level: 2, name: 'Carbon reduction projects completed' })
      .closest('section')!;
    expect(within(initiatives).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });
});

describe('formatUkDate', () => {
  it('formats ISO dates in the UK long form, the same in every time zone', () => {
    expect(formatUkDate('2025-08-25')).toBe('25 August 2025');
    expect(formatUkDate('2025-01-01')).toBe('1 January 2025');
    expect(formatUkDate('2024-12-31T23:30:00Z')).toBe('31 December 2024');
  });

  it('writes every day of two years exactly as the en-GB long form of Intl does', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2026, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString();
      expect(formatUkDate(iso.slice(0, 10))).toBe(intl.format(day));
      expect(formatUkDate(iso.replace('T00:00', 'T23:59'))).toBe(intl.format(day));
    }
  });

  it('refuses a value that is not a date', () => {
    expect(() => formatUkDate('soon')).toThrow(/Not an ISO date/);
  });
});
