import { OutlineIcon } from '@/components/ui/outline-icon';

/**
 * One outline drawing (24 × 24, a single path) per service, keyed by slug. Every service in the
 * catalogue has its own; a unit test keeps the two lists in step and the drawings distinct.
 */
export const serviceIconPaths: Readonly<Record<string, string>> = {
  // A compass: direction-setting leadership.
  'cdo-as-a-service': 'M12 3a9 9 0 110 18 9 9 0 010-18zm3.5 5.5l-2 5-5 2 2-5z',
  // A person with a shield at their shoulder.
  'dpo-as-a-service':
    'M9 11a4 4 0 100-8 4 4 0 000 8zm-6 10v-1a6 6 0 016-6h2m6-1l4 1.5V17c0 2.3-1.7 3.6-4 4-2.3-.4-4-1.7-4-4v-2.5z',
  // A folded map: the roadmap.
  'data-strategy': 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zm6-3v15m6-12v15',
  // Scales.
  'data-governance': 'M12 3v17m-4 0h8M5 6h14M5 6l-3 7a3 3 0 006 0zm14 0l-3 7a3 3 0 006 0z',
  // A shield with a tick.
  'data-protection': 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zm-3.5 9l2.5 2.5 4.5-5',
  // Code brackets around a small shield: privacy built into software.
  'data-protection-development-services':
    'M7 7l-5 5 5 5m10-10l5 5-5 5M12 7l3.5 1.3v2.9c0 2.3-1.5 3.8-3.5 4.3-2-.5-3.5-2-3.5-4.3V8.3z',
  // A magnifier over a table.
  'data-audits':
    'M3 4h13v10H3zm0 4h13M8 4v10m12 2.5a3.5 3.5 0 11-7 0 3.5 3.5 0 017 0zm-1 2.5l2.5 2.5',
  // A block diagram: two systems feeding a third.
  'data-architecture': 'M3 3h7v7H3zm11 0h7v7h-7zm-5.5 11h7v7h-7zM6.5 10v2h11v-2M12 12v2',
  // An elbow of pipe with its flanges.
  'data-engineering': 'M3 6h8a7 7 0 017 7v8M3 11h8a2 2 0 012 2v8M3 4v9m8 8h9',
  // A catalogue book with index lines.
  'data-catalog-metadata-management':
    'M5 19V5a2 2 0 012-2h12v14H7a2 2 0 00-2 2 2 2 0 002 2h12v-4M9 7h6m-6 4h4',
  // A padlock with a tick.
  'data-security-trust': 'M5 11h14v10H5zm3 0V7a4 4 0 018 0v4m-6.5 5l2 2 3.5-4',
  // A warning triangle.
  'data-risk-assessment': 'M12 3l10 18H2zm0 7v5m0 3v.01',
  // Axes with a rising trend.
  'data-science-analytics': 'M3 3v18h18M7 15l4-4 3 3 6-7m-4 0h4v4',
  // A speech bubble with a spark.
  'genai-integration': 'M4 4h16v12H9l-5 4zm8 3l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1z',
  // A graduation cap.
  'genai-training-development': 'M2 9l10-5 10 5-10 5zm4 2v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5m4-2v6',
  // A gauge with its needle rising.
  'ai-readiness-assessment':
    'M3 16a9 9 0 0118 0m-9 0l4-5M6 20h12M12 5v2M5.6 9.6L7 11m11.4-1.4L17 11',
  // A robot head with an antenna.
  'agentic-ai': 'M5 8h14v11H5zm7-4v4M9 13v.01M15 13v.01M9.5 16h5M2 12v3m20-3v3',
  // Two arrows turning a cycle.
  'digital-transformation': 'M20 11a8 8 0 00-14.9-4M4 3v4h4m12 10h-4m4 4v-4M4 13a8 8 0 0014.9 4',
  // A cloud lifting data up.
  'cloud-data-platform-design':
    'M7 19h10a4 4 0 00.5-8A6 6 0 006 10.5 4.3 4.3 0 007 19zm5-1v-6m-2.5 2.5L12 12l2.5 2.5',
  // An old box carried across to a new one.
  'data-modernisation-migration':
    'M3 3h7v7H3zm11 11h7v7h-7zM6.5 10v4a3 3 0 003 3H13m-2.5-2.5L13 17l-2.5 2.5',
  // Three lines merging into one.
  'itsm-consolidation-services': 'M4 3v3a5 5 0 005 5h6a5 5 0 005-5V3m-8 0v18m-3-3l3 3 3-3',
};

/** The service's own outline icon. Decorative: the service is always named beside it. */
export function ServiceIcon({ slug, className = 'size-6' }: { slug: string; className?: string }) {
  const d = serviceIconPaths[slug];
  if (d === undefined) throw new Error(`No icon is drawn for the service "${slug}"`);
  return <OutlineIcon d={d} className={className} />;
}
