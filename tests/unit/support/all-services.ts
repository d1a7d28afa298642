import { aiServices } from '@/content/services-ai';
import { dataLeadershipServices } from '@/content/services-data';
import { dataPlatformServices } from '@/content/services-data-platform';
import { digitalServices } from '@/content/services-digital';
import type { Service } from '@/content/types';

/**
 * All 21 services with their details, in the product's fixed order (13 Data, 4 AI, 4 Digital).
 * The app never needs them at once (a service page loads its own detail module); tests do.
 */
export const services: readonly Service[] = [
  ...dataLeadershipServices,
  ...dataPlatformServices,
  ...aiServices,
  ...digitalServices,
];

export { serviceSlugs } from '@/content/service-catalogue';
