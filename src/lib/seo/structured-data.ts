import { site } from '@/config/site';
import type { Crumb } from '@/lib/breadcrumbs';
import { absoluteUrl } from '@/lib/seo/absolute-url';

/** A schema.org JSON-LD object. */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string; [key: string]: unknown };

const ORGANIZATION_ID = `${site.url}/#organization`;

const postalAddress = { '@type': 'PostalAddress', ...site.address };

export function organizationJsonLd(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: site.name,
    legalName: site.legalName,
    url: site.url,
    logo: absoluteUrl('/favicon.svg'),
    email: site.contactEmail,
    telephone: site.telephone,
    foundingDate: String(site.foundingYear),
    areaServed: site.areaServed,
    address: postalAddress,
    sameAs: [site.linkedinUrl],
  };
}

export function professionalServiceJsonLd(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${site.url}/#professional-service`,
    name: site.name,
    description: site.tagline,
    url: site.url,
    image: absoluteUrl(site.defaultImage),
    email: site.contactEmail,
    telephone: site.telephone,
    address: postalAddress,
    areaServed: site.areaServed,
    priceRange: '££££',
    parentOrganization: { '@id': ORGANIZATION_ID },
  };
}

export type FaqEntry = { question: string; answer: string };

export function faqPageJsonLd(entries: readonly FaqEntry[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

export type ServiceFacts = { slug: string; title: string; description: string; pillar: string };

export function serviceJsonLd(service: ServiceFacts, path: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    description: service.description,
    serviceType: service.title,
    category: service.pillar,
    url: absoluteUrl(path),
    areaServed: site.areaServed,
    provider: { '@type': 'Organization', '@id': ORGANIZATION_ID, name: site.name, url: site.url },
  };
}

export function breadcrumbListJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.href),
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against `</script>` in the text. */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
