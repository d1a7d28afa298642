import { aiServices } from '@/content/services-ai';
import { dataLeadershipServices } from '@/content/services-data';
import { dataPlatformServices } from '@/content/services-data-platform';
import { digitalServices } from '@/content/services-digital';
import type { Service } from '@/content/types';

/** All 21 services in the product's fixed order: 13 Data, 4 AI, 4 Digital. */
export const services: readonly Service[] = [
  ...dataLeadershipServices,
  ...dataPlatformServices,
  ...aiServices,
  ...digitalServices,
];

export { serviceSlugs } from '@/content/service-catalogue';

const servicesBySlug = new Map(services.map((service) => [service.slug, service]));

/** The service for /service/{slug}, or undefined for an unknown slug ("Service Not Found"). */
export function getServiceBySlug(slug: string | undefined): Service | undefined {
  return slug === undefined ? undefined : servicesBySlug.get(slug);
}
