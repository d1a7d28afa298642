import type { Framework } from '@/content/types';

/** Framework badge SVGs are square. */
export const frameworkLogoSize = { width: 160, height: 160 } as const;

/** The three UK government procurement frameworks of the home page. */
export const frameworks: readonly Framework[] = [
  {
    id: 'g-cloud-14',
    name: 'G-Cloud 14',
    provider: 'Crown Commercial Service',
    badge: 'Active Supplier',
    description:
      'Our cloud data platform, data governance and AI services are listed on the Digital Marketplace, so public-sector buyers can procure them quickly and compliantly.',
    logo: '/images/frameworks/g-cloud-14.svg',
    logoAlt: 'G-Cloud 14 supplier badge',
    ...frameworkLogoSize,
  },
  {
    id: 'digital-outcomes-specialists-6',
    name: 'Digital Outcomes and Specialists 6',
    provider: 'Crown Commercial Service',
    badge: 'Approved Supplier',
    description:
      'Approved to deliver digital outcomes and provide specialist data, AI and transformation expertise to central government, local authorities and the wider public sector.',
    logo: '/images/frameworks/digital-outcomes-specialists-6.svg',
    logoAlt: 'Digital Outcomes and Specialists 6 supplier badge',
    ...frameworkLogoSize,
  },
  {
    id: 'big-data-analytics',
    name: 'Big Data & Analytics',
    provider: 'Crown Commercial Service',
    badge: 'Framework Partner',
    description:
      'A framework partner for data engineering, analytics and data science, giving public bodies a direct route to our data specialists for projects of any size.',
    logo: '/images/frameworks/big-data-analytics.svg',
    logoAlt: 'Big Data and Analytics framework partner badge',
    ...frameworkLogoSize,
  },
];
