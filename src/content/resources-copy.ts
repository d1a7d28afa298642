import { limits, site } from '@/config/site';
import type { CtaLink, Tile } from '@/content/types';

export const caseStudiesPageContent = {
  heading: 'Case Studies',
  intro:
    'Real results for payment providers, lenders, energy policymakers and retailers. Each case study sets out the challenge, our approach and the measurable outcome.',
  readLabel: 'Read Full Case Study',
} as const;

export const whitepapersPageContent = {
  heading: 'Whitepapers',
  intro:
    'In-depth guides from our practitioners on AI, data strategy, governance, cloud migration, analytics and transformation. Free to download, no sign-up required.',
  downloadLabel: 'Download PDF',
  unavailableLabel: 'Coming Soon',
} as const;

export const articlesPageContent = {
  heading: 'Latest Articles & Insights',
  intro: `Short, practical thinking on data, AI and digital transformation from the ${site.name} team.`,
  linkedinLabel: 'Published on LinkedIn',
  featuredHeading: 'Must-Read Articles',
  featuredBadge: 'FEATURED',
  featuredReadLabel: 'Read Full Article',
  allHeading: 'All Articles',
  readLabel: 'Read on LinkedIn',
  closing: {
    heading: 'Follow Us on LinkedIn',
    body: 'Get our latest articles, event invitations and practical insights in your feed.',
    socialProof: 'Join 10,000+ professionals',
    ctaLabel: 'Follow on LinkedIn',
  },
} as const;

/** Closing call to action of /case-studies and /whitepapers. */
export const resourcesCta = {
  heading: 'Ready to Write Your Own Success Story?',
  body: 'Talk to us about the results you want to achieve. We will show you how organisations like yours got there.',
  socialProof: 'Join 500+ data leaders',
  cta: { label: 'Get in Touch', href: '/#contact' },
  tiles: [
    {
      id: 'free-strategy-session',
      title: 'Free Strategy Session',
      description: `A ${limits.freeConsultationMinutes}-minute consultation with a senior consultant to explore your goals.`,
    },
    {
      id: 'custom-roadmap',
      title: 'Custom Roadmap',
      description:
        'A tailored plan for your data journey, with clear priorities, timelines and outcomes.',
    },
    {
      id: 'expert-insights',
      title: 'Expert Insights',
      description:
        'Practical advice from practitioners who have delivered data and AI programmes like yours.',
    },
  ] satisfies Tile[],
} as const satisfies {
  heading: string;
  body: string;
  socialProof: string;
  cta: CtaLink;
  tiles: Tile[];
};
