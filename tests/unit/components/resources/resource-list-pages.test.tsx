import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { caseStudies } from '@/content/case-studies';
import {
  caseStudiesPageContent,
  resourcesCta,
  whitepapersPageContent,
} from '@/content/resources-copy';
import { whitepapers } from '@/content/whitepapers';
import CaseStudiesPage from '@/pages/case-studies-page';
import WhitepapersPage from '@/pages/whitepapers-page';

const pages = [
  {
    name: 'CaseStudiesPage',
    Page: CaseStudiesPage,
    copy: caseStudiesPageContent,
    items: caseStudies,
    section: 'All case studies',
    columns: ['lg:grid-cols-2', 'xl:grid-cols-3'],
  },
  {
    name: 'WhitepapersPage',
    Page: WhitepapersPage,
    copy: whitepapersPageContent,
    items: whitepapers,
    section: 'All whitepapers',
    columns: ['md:grid-cols-2', 'xl:grid-cols-3'],
  },
];

describe.each(pages)('$name', { timeout: 20_000 }, ({ Page, copy, items, section, columns }) => {
  function renderPage() {
    return render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
  }

  it('has the hero h1, a grid section named for screen readers and one card per item', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: copy.heading })).toBeVisible();
    expect(screen.getByText(copy.intro)).toBeVisible();
    const grid = screen.getByRole('region', { name: section });
    expect(within(grid).getByRole('heading', { level: 2 }).parentElement).toHaveClass('sr-only');
    const list = within(grid).getByRole('list', { name: '' });
    expect(list).toHaveClass('grid', 'gap-8', ...columns);
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(items.length);
    for (const [index, item] of items.entries()) {
      expect(within(cards[index]!).getByRole('heading', { level: 3 })).toHaveTextContent(
        item.title,
      );
    }
  });

  it('loads the first row of covers eagerly and the rest lazily', () => {
    renderPage();
    const covers = items.map((item) => screen.getByRole('img', { name: item.imageAlt }));
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual(
      items.map((_, index) => (index < 3 ? 'eager' : 'lazy')),
    );
  });

  it('closes with the call to action and its three tiles', () => {
    renderPage();
    const closing = screen.getByRole('region', { name: resourcesCta.heading });
    expect(within(closing).getByRole('link', { name: resourcesCta.cta.label })).toHaveAttribute(
      'href',
      '/#contact',
    );
    expect(within(closing).getAllByRole('heading', { level: 3 })).toHaveLength(
      resourcesCta.tiles.length,
    );
  });
});
