import { describe, expect, it } from 'vitest';

import {
  breadcrumbListJsonLd,
  faqPageJsonLd,
  organizationJsonLd,
  professionalServiceJsonLd,
  serviceJsonLd,
} from '@/lib/seo/structured-data';

describe('structured data builders', () => {
  it('describes the organisation with its founding year and service area', () => {
    expect(organizationJsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Kestrel Data',
      url: 'https://www.kestreldata.co.uk',
      foundingDate: '2020',
      areaServed: 'GB',
    });
  });

  it('describes the professional service with a postal address', () => {
    const data = professionalServiceJsonLd();
    expect(data['@type']).toBe('ProfessionalService');
    expect(data).toHaveProperty('address.addressCountry', 'GB');
  });

  it('turns FAQ entries into Question and Answer pairs', () => {
    const data = faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
      ],
    });
  });

  it('describes a service with an absolute URL and its provider', () => {
    const data = serviceJsonLd(
      { slug: 'data-strategy', title: 'Data Strategy', description: 'Plan.', pillar: 'data' },
      '/service/data-strategy',
    );
    expect(data).toMatchObject({
      '@type': 'Service',
      name: 'Data Strategy',
      url: 'https://www.kestreldata.co.uk/service/data-strategy',
      provider: { '@type': 'Organization', name: 'Kestrel Data' },
    });
  });

  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    expect(
      breadcrumbListJsonLd([
        { label: 'Home', href: '/' },
        { label: 'Services', href: '/services' },
      ]),
    ).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://www.kestreldata.co.uk/' },
        { position: 2, name: 'Services', item: 'https://www.kestreldata.co.uk/services' },
      ],
    });
  });
});
