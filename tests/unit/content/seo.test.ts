import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import { policyDocuments } from '@/content/policies/policy-documents';
import { routeMeta } from '@/content/seo';

describe('route metadata', () => {
  const entries = Object.entries(routeMeta);

  it('covers the ten static public routes', () => {
    expect(Object.keys(routeMeta).sort()).toEqual(
      [
        '/',
        '/services',
        '/about',
        '/case-studies',
        '/whitepapers',
        '/articles',
        '/privacy-policy',
        '/cookie-policy',
        '/modern-slavery',
        '/carbon-reduction-plan',
      ].sort(),
    );
  });

  it('gives each route a unique title under 60 characters that names the brand', () => {
    const titles = entries.map(([, meta]) => meta.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) {
      expect(title.length, title).toBeLessThan(60);
      expect(title).toContain(site.name);
    }
  });

  it('gives each route a unique description of 120-160 characters', () => {
    const descriptions = entries.map(([, meta]) => meta.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) {
      expect(description.length, description).toBeGreaterThanOrEqual(120);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
  });

  it("uses the policy documents' own descriptions for the policy routes", () => {
    for (const doc of policyDocuments) {
      const route = `/${doc.slug}` as keyof typeof routeMeta;
      expect(routeMeta[route].description).toBe(doc.description);
    }
  });
});
