import { OutlineIcon } from '@/components/ui/outline-icon';
import type { PillarId } from '@/content/types';

const paths: Record<PillarId, string> = {
  // A database cylinder.
  data: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  // A spark: four-pointed star and a small one.
  ai: 'M11 3l1.8 5.2L18 10l-5.2 1.8L11 17l-1.8-5.2L4 10l5.2-1.8zM18.5 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
  // Connected nodes.
  digital: 'M7 7h10v10H7zM12 2v5m0 10v5M2 12h5m10 0h5',
};

/** The pillar's outline icon. Decorative: the pillar is always named beside it. */
export function PillarIcon({
  pillar,
  className = 'size-6',
}: {
  pillar: PillarId;
  className?: string;
}) {
  return <OutlineIcon d={paths[pillar]} className={className} />;
}
