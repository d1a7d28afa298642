import { site } from '@/config/site';
import { coverImage } from '@/content/cover-image';
import type { CaseStudy } from '@/content/types';

function caseStudyPdf(id: string): string {
  return `${site.documentsBaseUrl}/case-studies/${id}.pdf`;
}

/** The six case studies of /case-studies, in order; only the first is featured. */
export const caseStudies: readonly CaseStudy[] = [
  {
    id: 'payment-gateway-big-data',
    title: 'Real-Time Big Data Platform for a High-Volume Payment Gateway',
    industry: 'Fintech',
    client: 'UK payment gateway',
    description:
      'A fast-growing payment gateway was processing millions of transactions a day on batch reporting that ran hours behind. We designed and built a streaming data platform that gives risk, finance and merchant teams near real-time views of transactions, fraud signals and settlement positions.',
    ...coverImage(
      'case-studies',
      'payment-gateway-big-data',
      'Abstract streams of data points flowing into a central platform, in blue',
    ),
    tags: ['Big Data', 'Real-Time Analytics', 'Cloud Platform', 'Fraud Detection'],
    metrics: {
      improvement: '40%',
      improvementLabel: 'Faster transaction analytics',
      timeline: '6 months',
      teamSize: '6 people',
    },
    featured: true,
    pdfUrl: caseStudyPdf('payment-gateway-big-data'),
  },
  {
    id: 'fintech-ai-customer-service',
    title: 'AI Customer Service Automation for a Digital Fintech',
    industry: 'Fintech',
    client: 'UK digital fintech',
    description:
      'Rapid customer growth left a fintech’s support team overwhelmed. We introduced a generative AI assistant grounded in approved help content, with automatic triage and hand-off to human agents, cutting handling times while keeping every answer accurate and compliant.',
    ...coverImage(
      'case-studies',
      'fintech-ai-customer-service',
      'Abstract conversation bubbles connected by a neural network, in purple',
    ),
    tags: ['Generative AI', 'Customer Service', 'Automation', 'Conversational AI'],
    metrics: {
      improvement: '27%',
      improvementLabel: 'Reduction in average handling time',
      timeline: '4 months',
      teamSize: '4 people',
    },
    featured: false,
    pdfUrl: caseStudyPdf('fintech-ai-customer-service'),
  },
  {
    id: 'indian-financial-institution-customer-experience',
    title: 'Transforming Customer Experience at an Indian Financial Institution',
    industry: 'Financial Services',
    client: 'Indian financial institution',
    description:
      'A leading Indian financial institution wanted one view of its customers across branches, mobile and call centres. We unified customer data, built journey analytics and introduced next-best-action models that helped relationship managers respond to customers at the right moment.',
    ...coverImage(
      'case-studies',
      'indian-financial-institution-customer-experience',
      'Abstract customer journey paths converging on a single profile, in blue and green',
    ),
    tags: ['Customer 360', 'Journey Analytics', 'Data Integration', 'Personalisation'],
    metrics: {
      improvement: '20%',
      improvementLabel: 'Increase in customer satisfaction',
      timeline: '8 months',
      teamSize: '8 people',
    },
    featured: false,
    pdfUrl: caseStudyPdf('indian-financial-institution-customer-experience'),
  },
  {
    id: 'energy-department-data-catalogue',
    title: 'Data Catalogue and Governance for a UK Government Energy Department',
    industry: 'Energy',
    client: 'UK government energy department',
    description:
      'Policy analysts at a UK government energy department struggled to find and trust the datasets behind net zero and energy security decisions. We implemented a data catalogue with automated lineage, a business glossary and a governance model with named data owners across the department.',
    ...coverImage(
      'case-studies',
      'energy-department-data-catalogue',
      'Abstract catalogue of linked data cards with lineage lines, in green',
    ),
    tags: ['Data Catalogue', 'Data Governance', 'Public Sector', 'Metadata Management'],
    metrics: {
      improvement: '50%',
      improvementLabel: 'Faster data discovery',
      timeline: '5 months',
      teamSize: '5 people',
    },
    featured: false,
    pdfUrl: caseStudyPdf('energy-department-data-catalogue'),
  },
  {
    id: 'sme-lending-identity-management',
    title: 'Identity Management for SME Lending',
    industry: 'Financial Services',
    client: 'UK SME lender',
    description:
      'An SME lender’s manual identity and business verification checks slowed every loan application. We designed an identity data platform that matches applicants, directors and companies across registry and credit sources, automating know-your-customer checks with a full audit trail.',
    ...coverImage(
      'case-studies',
      'sme-lending-identity-management',
      'Abstract identity graph linking people and businesses, in blue and purple',
    ),
    tags: ['Identity Resolution', 'KYC', 'Lending', 'Data Matching'],
    metrics: {
      improvement: '60%',
      improvementLabel: 'Faster onboarding checks',
      timeline: '7 months',
      teamSize: '6 people',
    },
    featured: false,
    pdfUrl: caseStudyPdf('sme-lending-identity-management'),
  },
  {
    id: 'retail-smarter-data',
    title: 'Smarter Data for a National Retailer',
    industry: 'Retail',
    client: 'UK national retailer',
    description:
      'A national retailer ran stock, sales and loyalty data in separate systems with conflicting figures. We consolidated them on a governed cloud platform, fixed data quality at source and delivered demand forecasts that reduced waste and out-of-stocks across hundreds of stores.',
    ...coverImage(
      'case-studies',
      'retail-smarter-data',
      'Abstract rising bar chart and shopping basket grid, in green',
    ),
    tags: ['Retail Analytics', 'Demand Forecasting', 'Data Quality', 'Cloud Platform'],
    metrics: {
      improvement: '45%',
      improvementLabel: 'Improvement in forecast accuracy',
      timeline: '9 months',
      teamSize: '7 people',
    },
    featured: false,
    pdfUrl: caseStudyPdf('retail-smarter-data'),
  },
];
