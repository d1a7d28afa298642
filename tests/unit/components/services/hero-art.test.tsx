import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ServiceHeroArt } from '@/components/services/hero-art/service-hero-art';
import { ServicesHeroArt } from '@/components/services/hero-art/services-hero-art';
import { serviceIconPaths } from '@/components/services/service-icon';
import { serviceCatalogue } from '@/content/service-catalogue';

function drawnSlugs(container: HTMLElement) {
  const slugBy = new Map(Object.entries(serviceIconPaths).map(([slug, d]) => [d, slug]));
  return [...container.querySelectorAll('path')].flatMap((path) => {
    const slug = slugBy.get(path.getAttribute('d') ?? '');
    return slug ? [slug] : [];
  });
}

describe('ServiceHeroArt', () => {
  it('is pure drawing: no text, no image to fetch', () => {
    const { container } = render(<ServiceHeroArt slug="data-audits" pillar="data" />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('img, image')).toBeNull();
    expect(container.firstElementChild).toHaveClass('absolute', 'inset-0');
  });

  for (const pillar of ['data', 'ai', 'digital'] as const) {
    it(`puts each ${pillar} service's icon at the centre with three others of its pillar`, () => {
      for (const { slug } of serviceCatalogue.filter((service) => service.pillar === pillar)) {
        const { container, unmount } = render(<ServiceHeroArt slug={slug} pillar={pillar} />);
        const [centre, ...companions] = drawnSlugs(container);
        expect(centre).toBe(slug);
        expect(companions).toHaveLength(3);
        expect(new Set(companions).size).toBe(3);
        expect(companions).not.toContain(slug);
        for (const companion of companions)
          expect(serviceCatalogue.find((service) => service.slug === companion)?.pillar).toBe(
            pillar,
          );
        expect(container.querySelector(`.text-${pillar}-300`)).not.toBeNull();
        unmount();
      }
    });
  }
});

describe('ServicesHeroArt', () => {
  it('shows one dot per service in its pillar’s colour and no text', () => {
    const { container } = render(<ServicesHeroArt />);
    expect(container.textContent).toBe('');
    const dots = [...container.querySelectorAll('circle[r="1.2"]')];
    expect(dots.map((dot) => dot.getAttribute('class'))).toEqual(
      serviceCatalogue.map((service) => `text-${service.pillar}-300`),
    );
  });
});
