import { getServiceSummariesByPillar } from '@/content/service-catalogue';
import type { Pillar, PillarId } from '@/content/types';

/** Order of the pillars: tabs on the home page and groups on /services. */
export const pillarIds: readonly PillarId[] = ['data', 'ai', 'digital'];

/** The pillar shown first (the default home-page tab). */
export const defaultPillarId: PillarId = 'data';

const pillarCopy: Record<PillarId, Omit<Pillar, 'services'>> = {
  data: {
    id: 'data',
    title: 'Data Services',
    label: 'Data',
    description:
      'Leadership, strategy, governance, protection and engineering that turn your data into a trusted, well-run asset, from a fractional Chief Data Officer to production pipelines and predictive analytics.',
  },
  ai: {
    id: 'ai',
    title: 'AI Services',
    label: 'AI',
    description:
      'Practical, responsible AI: we assess your readiness, train your people and build generative AI and agentic solutions that are evaluated, governed and connected to your own data.',
  },
  digital: {
    id: 'digital',
    title: 'Digital Services',
    label: 'Digital',
    description:
      'Transformation programmes, cloud data platforms, legacy migration and service management consolidation that modernise how your organisation runs and lower the cost of running it.',
  },
};

/** The three pillars with their services ({ name, slug }) derived from the service catalogue (13/4/4). */
export const pillars: readonly Pillar[] = pillarIds.map((id) => ({
  ...pillarCopy[id],
  services: getServiceSummariesByPillar(id).map(({ name, slug }) => ({ name, slug })),
}));

/** Short label ('Data', 'AI', 'Digital') for a pillar badge. */
export function getPillarLabel(id: PillarId): string {
  return pillarCopy[id].label;
}
