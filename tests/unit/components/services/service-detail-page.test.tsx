import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

import { serviceIconPaths } from '@/components/services/service-icon';
import { serviceCatalogue } from '@/content/service-catalogue';
import { preloadServiceDetail } from '@/content/service-details';
import { services } from '../../support/all-services';
import { loadHeroArt } from './load-hero-art';
import ServiceDetailPage from '@/pages/service-detail-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/service/:slug" element={<ServiceDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

// The route preloads a service's copy before rendering; so do the tests.
beforeAll(async () => {
  await Promise.all(serviceCatalogue.map(({ slug }) => preloadServiceDetail(slug)));
  await loadHeroArt();
});

describe('ServiceDetailPage', { timeout: 20_000 }, () => {
  const service = services.find(({ slug }) => slug === 'data-strategy')!;

  it('shows the hero: back link, pillar badge, title, description, timeline and Get Started Today', () => {
    renderAt('/service/data-strategy');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: service.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    expect(screen.getByText('Data Services')).toBeInTheDocument();
    expect(screen.getByText(service.description)).toBeInTheDocument();
    expect(screen.getByText(service.timeline)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get Started Today/ })).toHaveAttribute(
      'href',
      '/#contact',
    );
  });

  it('shows the service’s hero art beside the text, hidden from assistive technology', () => {
    const { container } = renderAt('/service/data-strategy');
    const art = container.querySelector('section [data-hero-art]');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(art).toHaveClass('hidden', 'lg:block', 'size-80', 'xl:size-96');
    expect(art!.querySelector(`path[d="${serviceIconPaths['data-strategy']}"]`)).not.toBeNull();
    expect(art!.closest('section')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('lays out the sections in the fixed order, What We Do first', () => {
    renderAt('/service/data-strategy');
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    const order = [
      'What We Do',
      'Results Our Clients See',
      'Our Approach',
      'What You Get',
      'Key Benefits',
      'Related Services',
      'Ready to Discuss Your Project?',
    ];
    expect(headings.filter((text) => order.includes(text ?? ''))).toEqual(order);
  });

  it('labels every section by its heading', () => {
    renderAt('/service/data-strategy');
    for (const name of [
      'What We Do',
      'Our Approach',
      'What You Get',
      'Key Benefits',
      'Related Services',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('shows four metric tiles, the approach as a numbered list, deliverables and benefits', () => {
    renderAt('/service/data-strategy');
    const metrics = screen.getByRole('region', { name: 'Results Our Clients See' });
    expect(within(metrics).getAllByRole('term')).toHaveLength(4);
    for (const [label, value] of Object.entries(service.metrics)) {
      expect(within(metrics).getByText(label)).toBeInTheDocument();
      expect(within(metrics).getByText(value)).toBeInTheDocument();
    }
    const approach = screen.getByRole('region', { name: 'Our Approach' });
    const steps = within(approach).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(service.approach.length);
    const deliverables = screen.getByRole('region', { name: 'What You Get' });
    expect(within(deliverables).getAllByRole('listitem')).toHaveLength(service.deliverables.length);
    const benefits = screen.getByRole('region', { name: 'Key Benefits' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(service.benefits.length);
  });

  it('shows the testimonial and links every related service to its own page', () => {
    renderAt('/service/data-strategy');
    expect(screen.getByText(service.testimonial.quote)).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related Services' });
    const links = within(related).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      service.relatedServices.map((slug) => `/service/${slug}`),
    );
  });

  it('ends with Book Free Consultation to the home contact section', () => {
    renderAt('/service/data-strategy');
    expect(screen.getByRole('link', { name: /Book Free Consultation/ })).toHaveAttribute(
      'href',
      '/#contact',
    );
  });

  it('shows Service Not Found with Back to Services for an unknown slug, marked noindex', () => {
    renderAt('/service/no-such-service');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Service Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    expect(screen.queryByRole('heading', { name: 'What We Do' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });
});
