import type { PillarId, ServiceSummary } from '@/content/types';

/**
 * The light index of all 21 services: what cards, tabs, breadcrumbs and the route list need.
 * It is the source of each service's slug, pillar, title, name and short description; the
 * detail modules (services-*.ts) add the rest. Listing pages import only this module, so the
 * full service copy loads with the service detail page alone.
 */
export const serviceCatalogue: readonly ServiceSummary[] = [
  {
    slug: 'cdo-as-a-service',
    pillar: 'data',
    title: 'Chief Data Officer as a Service',
    name: 'CDO as a Service',
    shortDescription:
      'Senior data leadership on a flexible basis, setting direction and building capability without a permanent executive hire.',
  },
  {
    slug: 'dpo-as-a-service',
    pillar: 'data',
    title: 'Data Protection Officer as a Service',
    name: 'DPO as a Service',
    shortDescription:
      'An outsourced, independent Data Protection Officer who meets your UK GDPR obligations and keeps compliance practical.',
  },
  {
    slug: 'data-strategy',
    pillar: 'data',
    title: 'Data Strategy',
    name: 'Data Strategy',
    shortDescription:
      'A clear, costed data strategy and roadmap that connects your data, people and technology to business goals.',
  },
  {
    slug: 'data-governance',
    pillar: 'data',
    title: 'Data Governance',
    name: 'Data Governance',
    shortDescription:
      'Practical governance frameworks, ownership and policies that make data trusted, usable and compliant.',
  },
  {
    slug: 'data-protection',
    pillar: 'data',
    title: 'Data Protection and Privacy Compliance',
    name: 'Data Protection',
    shortDescription:
      'UK GDPR and Data Protection Act 2018 compliance programmes that protect people and keep data working for you.',
  },
  {
    slug: 'data-protection-development-services',
    pillar: 'data',
    title: 'Data Protection Development Services',
    name: 'Privacy Engineering',
    shortDescription:
      'Privacy by design built into your software, pipelines and products by engineers who understand the law.',
  },
  {
    slug: 'data-audits',
    pillar: 'data',
    title: 'Data Audits',
    name: 'Data Audits',
    shortDescription:
      'An independent, evidence-based audit of your data estate, quality, controls and compliance.',
  },
  {
    slug: 'data-architecture',
    pillar: 'data',
    title: 'Data Architecture',
    name: 'Data Architecture',
    shortDescription:
      'Target-state data architectures that are scalable, secure and aligned to how your organisation uses data.',
  },
  {
    slug: 'data-engineering',
    pillar: 'data',
    title: 'Data Engineering',
    name: 'Data Engineering',
    shortDescription:
      'Reliable, tested data pipelines and platforms that deliver the right data to the right people on time.',
  },
  {
    slug: 'data-catalog-metadata-management',
    pillar: 'data',
    title: 'Data Catalogue and Metadata Management',
    name: 'Data Catalogue & Metadata',
    shortDescription:
      'A searchable catalogue of your data with lineage, definitions and ownership, so people can find and trust it.',
  },
  {
    slug: 'data-security-trust',
    pillar: 'data',
    title: 'Data Security and Trust',
    name: 'Data Security & Trust',
    shortDescription:
      'Protect sensitive data with classification, access control, encryption and monitoring that people can work with.',
  },
  {
    slug: 'data-risk-assessment',
    pillar: 'data',
    title: 'Data Risk Assessment',
    name: 'Data Risk Assessment',
    shortDescription:
      'Identify, quantify and prioritise the risks in how you collect, store, share and use data.',
  },
  {
    slug: 'data-science-analytics',
    pillar: 'data',
    title: 'Data Science and Analytics',
    name: 'Data Science & Analytics',
    shortDescription:
      'Dashboards, forecasting and predictive models that turn your data into decisions and measurable results.',
  },
  {
    slug: 'genai-integration',
    pillar: 'ai',
    title: 'Generative AI Integration',
    name: 'GenAI Integration',
    shortDescription:
      'Put large language models to work in your products and processes, securely and with measurable value.',
  },
  {
    slug: 'genai-training-development',
    pillar: 'ai',
    title: 'Generative AI Training and Development',
    name: 'GenAI Training & Development',
    shortDescription:
      'Hands-on generative AI training for leaders, practitioners and engineers, tailored to your tools and policies.',
  },
  {
    slug: 'ai-readiness-assessment',
    pillar: 'ai',
    title: 'AI Readiness Assessment',
    name: 'AI Readiness Assessment',
    shortDescription:
      'Find out how ready your data, technology, people and governance are for AI, and what to do first.',
  },
  {
    slug: 'agentic-ai',
    pillar: 'ai',
    title: 'Agentic AI Solutions',
    name: 'Agentic AI',
    shortDescription:
      'AI agents that plan and carry out multi-step work across your systems, with people firmly in control.',
  },
  {
    slug: 'digital-transformation',
    pillar: 'digital',
    title: 'Digital Transformation',
    name: 'Digital Transformation',
    shortDescription:
      'End-to-end transformation programmes that modernise services, processes and culture around data.',
  },
  {
    slug: 'cloud-data-platform-design',
    pillar: 'digital',
    title: 'Cloud Data Platform Design',
    name: 'Cloud Data Platform Design',
    shortDescription:
      'Secure, cost-efficient cloud data platforms on AWS, Azure or Google Cloud, designed for analytics and AI.',
  },
  {
    slug: 'data-modernisation-migration',
    pillar: 'digital',
    title: 'Data Modernisation and Migration',
    name: 'Data Modernisation & Migration',
    shortDescription:
      'Move legacy databases and warehouses to modern platforms safely, with reconciled data and no surprises.',
  },
  {
    slug: 'itsm-consolidation-services',
    pillar: 'digital',
    title: 'ITSM Consolidation Services',
    name: 'ITSM Consolidation',
    shortDescription:
      'Consolidate multiple IT service management tools into one platform with clean data and streamlined processes.',
  },
];

/** Every service slug, in order (for routes, the sitemap and prerendering). */
export const serviceSlugs: readonly string[] = serviceCatalogue.map((service) => service.slug);

const summariesBySlug = new Map(serviceCatalogue.map((service) => [service.slug, service]));

/** The summary of a service, or undefined for an unknown slug. */
export function getServiceSummary(slug: string | undefined): ServiceSummary | undefined {
  return slug === undefined ? undefined : summariesBySlug.get(slug);
}

/** The summary of a service the content itself names; a typo fails at start-up, not silently. */
export function requireServiceSummary(slug: string): ServiceSummary {
  const summary = summariesBySlug.get(slug);
  if (!summary) throw new Error(`No service with slug "${slug}" in the catalogue`);
  return summary;
}

/** The services of one pillar, in the product's fixed order. */
export function getServiceSummariesByPillar(pillar: PillarId): readonly ServiceSummary[] {
  return serviceCatalogue.filter((service) => service.pillar === pillar);
}
