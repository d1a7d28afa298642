import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { serviceCatalogue } from '@/content/service-catalogue';
import ServicesPage from '@/pages/services-page';
import { loadHeroArt } from './load-hero-art';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/services']}>
      <ServicesPage />
    </MemoryRouter>,
  );
}

beforeAll(loadHeroArt);

// Role queries over 21 cards are slow in jsdom; allow for a busy machine.
describe('ServicesPage', { timeout: 20_000 }, () => {
  it('groups the services by pillar: 13 Data, 4 AI, 4 Digital, each card linking to its page', () => {
    renderPage();
    const expected = { 'Data Services': 13, 'AI Services': 4, 'Digital Services': 4 };
    for (const [name, count] of Object.entries(expected)) {
      const group = screen.getByRole('region', { name });
      const links = within(group).getAllByRole('link');
      expect(links).toHaveLength(count);
      for (const link of links)
        expect(link.getAttribute('href')).toMatch(/^\/service\/[a-z0-9-]+$/);
    }
  });

  it('shows every service name and short description', () => {
    renderPage();
    const hrefs = new Map(
      screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    );
    for (const service of serviceCatalogue) {
      expect(hrefs.get(service.name)).toBe(`/service/${service.slug}`);
      expect(screen.getByText(service.shortDescription)).toBeInTheDocument();
    }
  });

  it('shows the pillars’ hero art beside the heading', () => {
    const { container } = renderPage();
    const art = container.querySelector('[data-hero-art]');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(art!.querySelectorAll('circle[r="1.2"]')).toHaveLength(serviceCatalogue.length);
  });

  it('closes with Get Started Today (home) and View Success Stories (case studies)', () => {
    renderPage();
    expect(screen.getByRole('link', { name: /Get Started Today/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Success Stories' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
  });
});
