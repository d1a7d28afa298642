import { limits } from '@/config/site';

/** /services hero and closing banner. */
export const servicesPageContent = {
  heading: 'Data, AI and Digital Services',
  intro:
    'Twenty-one specialist services across three pillars, from board-level data leadership to production AI and cloud platforms. Start with one, or combine them into a programme.',
  closing: {
    heading: 'Ready to Get Started?',
    body: `Book a free ${limits.freeConsultationMinutes}-minute consultation and we will recommend the right mix of services for your goals.`,
    primaryCta: { label: 'Get Started Today', href: '/' },
    secondaryCta: { label: 'View Success Stories', href: '/case-studies' },
  },
} as const;

/** Fixed labels of the service detail page. */
export const serviceDetailCopy = {
  backLabel: 'Back to Services',
  heroCta: { label: 'Get Started Today', href: '/#contact' },
  timelineLabel: 'Typical timeline',
  sections: {
    whatWeDo: 'What We Do',
    metrics: 'Results Our Clients See',
    approach: 'Our Approach',
    deliverables: 'What You Get',
    benefits: 'Key Benefits',
    related: 'Related Services',
  },
  closing: {
    heading: 'Ready to Discuss Your Project?',
    body: `Talk to a specialist in a free ${limits.freeConsultationMinutes}-minute consultation. No obligation, just expert insights.`,
    cta: { label: 'Book Free Consultation', href: '/#contact' },
  },
  notFound: {
    heading: 'Service Not Found',
    body: 'We could not find that service. It may have been renamed or removed.',
    cta: { label: 'Back to Services', href: '/services' },
  },
} as const;
