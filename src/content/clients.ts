import type { ClientLogo } from '@/content/types';

/** Every client wordmark SVG is drawn on this canvas (monochrome slate). */
export const clientLogoSize = { width: 200, height: 60 } as const;

function clientLogo(id: string, name: string): ClientLogo {
  return { id, name, logo: `/images/clients/${id}.svg`, ...clientLogoSize };
}

/** The 11 client wordmarks of the home-page carousel. */
export const clientLogos: readonly ClientLogo[] = [
  clientLogo('harbourline-payments', 'Harbourline Payments'),
  clientLogo('northgate-mutual', 'Northgate Mutual'),
  clientLogo('thameside-energy', 'Thameside Energy'),
  clientLogo('pennine-retail', 'Pennine Retail Group'),
  clientLogo('ashcombe-insurance', 'Ashcombe Insurance'),
  clientLogo('caldervale-health', 'Caldervale Health'),
  clientLogo('westmere-council', 'Westmere Council'),
  clientLogo('brightwater-logistics', 'Brightwater Logistics'),
  clientLogo('redkite-lending', 'Redkite Lending'),
  clientLogo('stonebridge-bank', 'Stonebridge Bank'),
  clientLogo('lumenwave-telecom', 'Lumenwave Telecom'),
];
