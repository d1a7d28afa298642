import { limits, site } from '@/config/site';
import type { FaqItem } from '@/content/types';

/** The four questions of the home page's FAQPage structured data (and any visible FAQ). */
export const faqItems: readonly FaqItem[] = [
  {
    id: 'services',
    question: `What services does ${site.name} offer?`,
    answer: `${site.name} offers data, AI and digital services across three pillars. Data services include Chief Data Officer and Data Protection Officer as a service, data strategy, governance, protection, audits, architecture, engineering, data catalogues, security, risk assessment and data science. AI services cover generative AI integration and training, AI readiness assessments and agentic AI. Digital services cover digital transformation, cloud data platform design, data modernisation and migration, and ITSM consolidation.`,
  },
  {
    id: 'clients',
    question: 'Who do you work with?',
    answer:
      'We work with private-sector businesses and public-sector organisations across more than ten industries, including financial services, fintech, energy, retail and central and local government, from growing companies to large regulated enterprises.',
  },
  {
    id: 'getting-started',
    question: 'How does an engagement start?',
    answer: `Every engagement starts with a free ${limits.freeConsultationMinutes}-minute strategy consultation to understand your goals and challenges. We then propose a custom roadmap for your data journey with clear scope, timeline and outcomes. There is no obligation, just expert insights, and we reply to every enquiry within ${limits.enquiryReplyHours} hours.`,
  },
  {
    id: 'government-supplier',
    question: 'Are you an approved UK government supplier?',
    answer:
      'Yes. We are an active supplier on G-Cloud 14, an approved supplier on Digital Outcomes and Specialists 6 and a framework partner for Big Data & Analytics, all through the Crown Commercial Service. We also hold Cyber Essentials, Cyber Essentials+ and ISO 27001 certification.',
  },
];
