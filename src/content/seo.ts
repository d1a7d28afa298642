import { site } from '@/config/site';
import { getPillarLabel } from '@/content/pillars';
import type { Service } from '@/content/types';

export interface RouteMeta {
  /** Full document title, under 60 characters, including the brand. */
  title: string;
  /** Meta description, 120-160 characters. */
  description: string;
  keywords?: readonly string[];
}

export type StaticRoute =
  | '/'
  | '/services'
  | '/about'
  | '/case-studies'
  | '/whitepapers'
  | '/articles'
  | '/privacy-policy'
  | '/cookie-policy'
  | '/modern-slavery'
  | '/carbon-reduction-plan';

/** Search-engine metadata for every static public route. */
export const routeMeta: Readonly<Record<StaticRoute, RouteMeta>> = {
  '/': {
    title: `${site.name} | Data & AI Consultancy UK`,
    description:
      'UK data and AI consultancy: data strategy, governance, generative AI and digital transformation. Book a free 30-minute strategy consultation today.',
    keywords: ['data and AI consultancy', 'data strategy UK', 'AI consultancy UK'],
  },
  '/services': {
    title: `Data, AI & Digital Services | ${site.name}`,
    description:
      'Explore 21 data, AI and digital services: CDO and DPO as a service, data governance, generative AI, agentic AI, cloud platforms and migration.',
    keywords: ['data services', 'AI services', 'digital transformation services'],
  },
  '/about': {
    title: `About Us and Our Team | ${site.name}`,
    description: `Meet the ${site.name} team: data leaders, engineers and AI specialists with 30+ years combined experience helping UK organisations unlock data value.`,
    keywords: ['data consultancy team', `about ${site.name}`],
  },
  '/case-studies': {
    title: `Case Studies | ${site.name}`,
    description:
      'See measurable results from our data and AI work in payments, fintech, financial services, energy and retail, from 20% to 60% improvements.',
    keywords: ['data case studies', 'AI case studies'],
  },
  '/whitepapers': {
    title: `Whitepapers | ${site.name}`,
    description:
      'Free whitepapers on generative AI, data strategy, data governance, cloud migration, analytics and digital transformation from our practitioners.',
    keywords: ['data whitepapers', 'AI whitepaper', 'data governance guide'],
  },
  '/articles': {
    title: `Articles & Insights | ${site.name}`,
    description: `Practical articles on agentic AI, data strategy, data catalogues, governance, cloud FinOps and analytics from the ${site.name} team, on LinkedIn.`,
    keywords: ['data articles', 'AI insights'],
  },
  '/privacy-policy': {
    title: `Privacy Policy | ${site.name}`,
    description: `How ${site.name} collects, uses, stores and protects personal data under UK GDPR and the Data Protection Act 2018, and how to exercise your rights.`,
  },
  '/cookie-policy': {
    title: `Cookie Policy | ${site.name}`,
    description: `The cookies ${site.name} uses on this website, strictly necessary, functionality and marketing, why we use them and how to manage your preferences.`,
  },
  '/modern-slavery': {
    title: `Modern Slavery Statement | ${site.name}`,
    description: `${site.name}’s statement on preventing modern slavery and human trafficking in our business and supply chains, including supplier due diligence.`,
  },
  '/carbon-reduction-plan': {
    title: `Carbon Reduction Plan | ${site.name}`,
    description: `${site.name}’s carbon reduction plan: our commitment to Net Zero by 2050, 2023 baseline and 2024 emissions, and the measures we are taking to cut them.`,
  },
};

/** Metadata for /service/{slug}. */
export function getServiceMeta(service: Service): RouteMeta {
  const title = `${service.title} | ${site.name}`;
  return {
    title: title.length < 60 ? title : `${service.name} | ${site.name}`,
    description: service.shortDescription,
    keywords: [...(service.keywords ?? []), `${getPillarLabel(service.pillar)} services`],
  };
}
