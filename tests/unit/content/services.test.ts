import { describe, expect, it } from 'vitest';
import { footerServiceLinks } from '@/config/navigation';
import { paths } from '@/config/paths';
import { getPillarLabel, pillarIds, pillars } from '@/content/pillars';
import { getServiceMeta } from '@/content/seo';
import { getServiceSummary, serviceCatalogue } from '@/content/service-catalogue';
import { serviceSlugs, services } from '../support/all-services';

const servicesOf = (pillar: string) => services.filter((service) => service.pillar === pillar);
const serviceWithSlug = (slug: string) => services.find((service) => service.slug === slug);

const expectedSlugs = {
  data: [
    'cdo-as-a-service',
    'dpo-as-a-service',
    'data-strategy',
    'data-governance',
    'data-protection',
    'data-protection-development-services',
    'data-audits',
    'data-architecture',
    'data-engineering',
    'data-catalog-metadata-management',
    'data-security-trust',
    'data-risk-assessment',
    'data-science-analytics',
  ],
  ai: ['genai-integration', 'genai-training-development', 'ai-readiness-assessment', 'agentic-ai'],
  digital: [
    'digital-transformation',
    'cloud-data-platform-design',
    'data-modernisation-migration',
    'itsm-consolidation-services',
  ],
} as const;

describe('services', () => {
  it('has the 21 slugs, unique, in product order (13 Data, 4 AI, 4 Digital)', () => {
    expect(services).toHaveLength(21);
    expect(new Set(serviceSlugs).size).toBe(21);
    expect(serviceSlugs).toEqual([
      ...expectedSlugs.data,
      ...expectedSlugs.ai,
      ...expectedSlugs.digital,
    ]);
    for (const id of pillarIds) {
      expect(servicesOf(id).map((s) => s.slug)).toEqual(expectedSlugs[id]);
    }
  });

  it('gives every related slug an existing service other than itself (2-3 each)', () => {
    for (const service of services) {
      expect(service.relatedServices.length, service.slug).toBeGreaterThanOrEqual(2);
      expect(service.relatedServices.length, service.slug).toBeLessThanOrEqual(3);
      expect(new Set(service.relatedServices).size).toBe(service.relatedServices.length);
      for (const slug of service.relatedServices) {
        expect(slug, service.slug).not.toBe(service.slug);
        expect(serviceWithSlug(slug), `${service.slug} → ${slug}`).toBeDefined();
      }
    }
  });

  it('gives every service exactly four metrics, 4-6 approach steps and complete copy', () => {
    for (const service of services) {
      const metrics = Object.entries(service.metrics);
      expect(metrics, service.slug).toHaveLength(4);
      for (const [label, value] of metrics) {
        expect(label.trim()).not.toBe('');
        expect(value.trim()).not.toBe('');
      }
      expect(service.approach.length, service.slug).toBeGreaterThanOrEqual(4);
      expect(service.approach.length, service.slug).toBeLessThanOrEqual(6);
      expect(service.detailedDescription.length, service.slug).toBeGreaterThanOrEqual(2);
      expect(service.detailedDescription.length, service.slug).toBeLessThanOrEqual(3);
      expect(service.deliverables.length).toBeGreaterThanOrEqual(3);
      expect(service.benefits.length).toBeGreaterThanOrEqual(3);
      expect(service.timeline).toMatch(/^\d+-\d+ (weeks|months)$/);
      for (const text of [
        service.title,
        service.name,
        service.shortDescription,
        service.description,
      ]) {
        expect(text.trim().length).toBeGreaterThan(0);
      }
      expect(service.testimonial.quote.length).toBeGreaterThan(40);
      expect(service.testimonial.author).not.toBe('');
      expect(service.testimonial.company).not.toBe('');
    }
  });

  it('uses the fixed timeline of each service', () => {
    const fixed: Record<string, string> = {
      'cdo-as-a-service': '3-12 months',
      'dpo-as-a-service': '3-12 months',
      'data-strategy': '6-12 weeks',
      'data-protection': '10-20 weeks',
      'itsm-consolidation-services': '12-20 weeks',
      'agentic-ai': '16-28 weeks',
      'data-audits': '4-8 weeks',
      'ai-readiness-assessment': '4-8 weeks',
      'digital-transformation': '12-36 months',
    };
    for (const [slug, timeline] of Object.entries(fixed)) {
      expect(serviceWithSlug(slug)?.timeline, slug).toBe(timeline);
    }
  });

  it('agrees with the light service catalogue used by listings and routes', () => {
    expect(serviceCatalogue.map((s) => s.slug)).toEqual(services.map((s) => s.slug));
    for (const service of services) {
      const { slug, pillar, title, name, shortDescription } = service;
      expect(getServiceSummary(slug)).toEqual({ slug, pillar, title, name, shortDescription });
    }
    expect(getServiceSummary('no-such-service')).toBeUndefined();
    expect(getServiceSummary(undefined)).toBeUndefined();
  });

  it('keeps the footer service links valid', () => {
    expect(footerServiceLinks.length).toBeGreaterThan(0);
    for (const { href } of footerServiceLinks) {
      const slug = href.slice(paths.service('').length);
      expect(href, href).toBe(paths.service(slug));
      expect(serviceWithSlug(slug), href).toBeDefined();
    }
  });

  it('has no placeholder copy', () => {
    const text = JSON.stringify(services);
    expect(text).not.toMatch(/lorem|ipsum|TODO|TBC|\[insert/i);
  });

  it('builds per-service metadata with a title under 60 characters', () => {
    for (const service of services) {
      const meta = getServiceMeta(service);
      expect(meta.title.length, meta.title).toBeLessThan(60);
      expect(meta.title).toContain('Kestrel Data');
    }
  });
});

describe('pillars', () => {
  it('lists data, ai and digital with the services derived from services.ts', () => {
    expect(pillars.map((p) => p.id)).toEqual(['data', 'ai', 'digital']);
    expect(pillars.map((p) => p.services.length)).toEqual([13, 4, 4]);
    for (const pillar of pillars) {
      expect(pillar.services).toEqual(
        servicesOf(pillar.id).map(({ name, slug }) => ({ name, slug })),
      );
      expect(pillar.description.length).toBeGreaterThan(60);
    }
  });

  it('labels the tabs Data, AI and Digital', () => {
    expect(pillars.map((p) => p.label)).toEqual(['Data', 'AI', 'Digital']);
    expect(getPillarLabel('ai')).toBe('AI');
    expect(pillars.find((p) => p.id === 'digital')?.title).toBe('Digital Services');
  });
});
