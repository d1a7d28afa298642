import { describe, expect, it } from 'vitest';

import { pageStructuredData, structuredDataTags } from '@/lib/seo/page-structured-data';

const types = async (path: string) => (await pageStructuredData(path)).map((item) => item['@type']);

describe('the structured data the prerender writes into a page', () => {
  it('describes the firm and its four questions on the home page only', async () => {
    expect(await types('/')).toEqual(['Organization', 'ProfessionalService', 'FAQPage']);
    const [, , faq] = await pageStructuredData('/');
    expect((faq!.mainEntity as unknown[]).length).toBe(4);
    expect(await types('/about')).toEqual(['BreadcrumbList']);
  });

  it('gives a service page the service, from its own copy, and its trail', async () => {
    const [service, trail] = await pageStructuredData('/service/data-strategy');
    expect(service).toMatchObject({
      '@type': 'Service',
      name: 'Data Strategy',
      url: 'https://www.kestreldata.co.uk/service/data-strategy',
    });
    expect(String(service!.description).length).toBeGreaterThan(40);
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((trail!.itemListElement as unknown[]).length).toBe(3);
  });

  it('writes nothing for a page that is not public, nor for an unknown service', async () => {
    expect(await pageStructuredData('/admin')).toEqual([]);
    expect(await types('/service/no-such-service')).toEqual(['BreadcrumbList']);
  });

  it('writes one script per object, that parses back, with < escaped', () => {
    const html = structuredDataTags([
      { '@type': 'Thing', name: '</script><b>' },
      { '@type': 'Thing', name: 'two' },
    ]);
    const bodies = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => match[1]!,
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toContain('<');
    expect(JSON.parse(bodies[0]!)).toEqual({ '@type': 'Thing', name: '</script><b>' });
  });
});
