import type { PillarId } from '@/content/types';

/**
 * Colour themes per service pillar: Data blue, AI purple, Digital green, anything else blue.
 * Every pair here passes WCAG AA contrast (text on its background).
 */
export type PillarTheme = {
  /** Solid badge: white text on the pillar colour. */
  badge: string;
  /** Soft badge or chip: dark pillar text on a pale tint. */
  softBadge: string;
  /** Accent text on white, e.g. numbers and icons. */
  text: string;
  /** Hero and banner background gradient. */
  heroGradient: string;
  /** A pale section background. */
  tint: string;
  /** Border accent for cards. */
  border: string;
  /** Primary button in the pillar colour. */
  button: string;
};

const themes: Record<PillarId, PillarTheme> = {
  data: {
    badge: 'bg-data-700 text-white',
    softBadge: 'bg-data-100 text-data-800',
    text: 'text-data-700',
    heroGradient: 'bg-gradient-to-br from-data-900 via-data-800 to-data-700',
    tint: 'bg-data-50',
    border: 'border-data-200',
    button: 'bg-data-700 text-white hover:bg-data-800',
  },
  ai: {
    badge: 'bg-ai-700 text-white',
    softBadge: 'bg-ai-100 text-ai-800',
    text: 'text-ai-700',
    heroGradient: 'bg-gradient-to-br from-ai-900 via-ai-800 to-ai-700',
    tint: 'bg-ai-50',
    border: 'border-ai-200',
    button: 'bg-ai-700 text-white hover:bg-ai-800',
  },
  digital: {
    badge: 'bg-digital-700 text-white',
    softBadge: 'bg-digital-100 text-digital-800',
    text: 'text-digital-700',
    heroGradient: 'bg-gradient-to-br from-digital-900 via-digital-800 to-digital-700',
    tint: 'bg-digital-50',
    border: 'border-digital-200',
    button: 'bg-digital-700 text-white hover:bg-digital-800',
  },
};

export function pillarTheme(pillar: string): PillarTheme {
  return themes[pillar as PillarId] ?? themes.data;
}
