import type { CtaLink, Tile } from '@/content/types';

export const aboutHero = {
  heading: 'Meet the Team Behind Your Data Success',
  intro:
    'Data leaders, engineers, scientists and transformation specialists with more than 30 years of combined experience across financial services, energy, retail and government.',
} as const;

/** "Our Mission" with its two headline points. */
export const missionContent = {
  heading: 'Our Mission',
  intro:
    'We exist to help organisations make better decisions with data they can trust, and to make AI a practical, responsible part of everyday work rather than an experiment.',
  points: [
    {
      id: 'unlock-data-value',
      title: 'Unlock Data Value',
      description:
        'Most organisations already hold the data they need. We connect it, govern it and put it in front of the people who make decisions, so it starts paying its way.',
    },
    {
      id: 'future-ready-solutions',
      title: 'Future-Ready Solutions',
      description:
        'We build platforms, processes and skills that keep working as technology and regulation change, from cloud data platforms to governed generative AI.',
    },
  ] satisfies Tile[],
} as const;

/** "Our Expertise": exactly four items. */
export const expertiseItems: readonly string[] = [
  'Data strategy, governance and protection',
  'Generative AI, agentic AI and machine learning',
  'Cloud data platforms, engineering and migration',
  'Digital transformation and service management',
];

/** The three value tiles. `icon` is a key the page maps to an inline icon. */
export const valueTiles: readonly (Tile & { icon: 'vision' | 'team' | 'results' })[] = [
  {
    id: 'strategic-vision',
    title: 'Strategic Vision',
    description:
      'Every engagement starts from your business outcomes and ends with a roadmap your leadership can fund and track.',
    icon: 'vision',
  },
  {
    id: 'expert-team',
    title: 'Expert Team',
    description:
      'Senior practitioners who have led data, AI and transformation work inside the organisations they now advise.',
    icon: 'team',
  },
  {
    id: 'proven-results',
    title: 'Proven Results',
    description:
      'Measurable improvements, from 20% higher customer satisfaction to 60% faster onboarding, documented in our case studies.',
    icon: 'results',
  },
];

export const teamSectionContent = {
  heading: 'Our Team',
  intro: 'The people you will work with, from first conversation to final handover.',
} as const;

export const aboutCta = {
  heading: 'Let’s Talk About Your Data',
  body: 'Book a free 30-minute strategy consultation with one of our senior consultants. No obligation, just expert insights.',
  cta: { label: 'Contact Us Today', href: '/#contact' },
} as const satisfies { heading: string; body: string; cta: CtaLink };
