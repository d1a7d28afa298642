import { paths } from '@/config/paths';
import { faqItems } from '@/content/faq';
import { getServiceSummary } from '@/content/service-catalogue';
import { loadServicesFor } from '@/content/service-details';
import { buildBreadcrumbs } from '@/lib/breadcrumbs';
import {
  breadcrumbListJsonLd,
  faqPageJsonLd,
  type JsonLd,
  organizationJsonLd,
  professionalServiceJsonLd,
  serializeJsonLd,
  serviceJsonLd,
} from '@/lib/seo/structured-data';

const SERVICE_PREFIX = paths.service('');

/**
 * The structured data of one prerendered page, for its <head>. Search engines read it from the
 * HTML a URL answers with; a page the browser renders after a click is read by nobody, so none
 * of it (the FAQ's text among it) is in the browser's code. For the static build only.
 */
export async function pageStructuredData(pathname: string): Promise<JsonLd[]> {
  const data: JsonLd[] = [];
  if (pathname === paths.home) {
    data.push(organizationJsonLd(), professionalServiceJsonLd(), faqPageJsonLd(faqItems));
  }
  const summary = pathname.startsWith(SERVICE_PREFIX)
    ? getServiceSummary(pathname.slice(SERVICE_PREFIX.length))
    : undefined;
  if (summary) {
    const service = (await loadServicesFor(summary)).find((item) => item.slug === summary.slug);
    if (!service) throw new Error(`The service copy has no "${summary.slug}"`);
    data.push(serviceJsonLd(service, pathname));
  }
  const crumbs = buildBreadcrumbs(pathname, (slug) => getServiceSummary(slug)?.title);
  if (crumbs.length > 0) data.push(breadcrumbListJsonLd(crumbs));
  return data;
}

/** One <script type="application/ld+json"> per object. */
export function structuredDataTags(data: readonly JsonLd[]): string {
  return data
    .map((item) => `<script type="application/ld+json">${serializeJsonLd(item)}</script>`)
    .join('');
}
