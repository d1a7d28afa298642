import { award, limits, site } from '@/config/site';
import type { CtaLink, Stat } from '@/content/types';

/** Home hero. The primary action scrolls to the contact section; the secondary opens the case studies. */
export const heroContent = {
  eyebrow: `${award.year} ${award.title} winner`,
  headline: 'Transform Your Business with Data & AI',
  subheadline:
    'We help UK businesses and public-sector organisations turn data into better decisions: from data strategy and governance to generative AI and digital transformation, delivered by senior practitioners who stay until it works.',
  primaryCta: { label: 'Book a Strategy Call', href: '/#contact' },
  secondaryCta: { label: 'View Our Work', href: '/case-studies' },
} as const satisfies {
  eyebrow: string;
  headline: string;
  subheadline: string;
  primaryCta: CtaLink;
  secondaryCta: CtaLink;
};

/** Hero statistics. Rendered as value + label, e.g. "30+ Years combined experience". */
export const heroStats: readonly Stat[] = [
  { value: '30+', label: 'Years combined experience' },
  { value: '10+', label: 'Industries' },
  { value: '21', label: 'Specialist services' },
];

/** Three-pillar services section (tabs Data, AI, Digital; default Data). */
export const servicesSectionContent = {
  heading: 'Our Services',
  intro:
    'Three pillars of expertise, one joined-up team. Choose a pillar to see how we can help, or explore every service in detail.',
  viewAllCta: { label: 'View All Services', href: '/services' },
} as const;

/** The 2025 award block. */
export const awardContent = {
  year: award.year,
  title: award.title,
  heading: `Winner: ${award.title} ${award.year}`,
  body: `We are proud that our data management work was named ${award.title} in ${award.year}. The award recognises the governance, catalogue and platform work we deliver with our clients, and the measurable difference it makes to the quality and usability of their data.`,
} as const;

export const testimonialsSectionContent = {
  heading: 'What Our Clients Say',
  intro: 'Leaders in financial services, government and retail on working with us.',
} as const;

export const clientsSectionContent = {
  heading: 'Trusted by Organisations Across the UK',
  intro: 'From payment providers and lenders to energy suppliers, retailers and public bodies.',
} as const;

export const frameworksSectionContent = {
  heading: 'Government-Approved Supplier',
  intro:
    'Public-sector buyers can engage us directly through Crown Commercial Service frameworks, with compliant procurement and no lengthy tender.',
} as const;

export const accreditationsSectionContent = {
  heading: 'Accredited and Secure',
  intro: 'Independent certification of how we protect your data, on every engagement.',
} as const;

/** Contact section copy (anchor #contact). The three benefits show on large screens only. */
export const contactSectionContent = {
  id: 'contact',
  headline: 'Ready to Transform Your Data Strategy?',
  subtext:
    'Let’s discuss how we can help you unlock the full potential of your data. Tell us about your goals and a senior consultant will be in touch.',
  benefits: [
    `Free ${limits.freeConsultationMinutes}-minute strategy consultation`,
    'Custom roadmap for your data journey',
    'No obligation, just expert insights',
  ],
  replyPromise: `We'll get back to you within ${limits.enquiryReplyHours} hours.`,
  directContact: `Prefer e-mail? Write to ${site.contactEmail}.`,
  submitLabel: 'Submit Form',
  submittingLabel: 'Sending...',
} as const;
