import { OutlineIcon } from '@/components/ui/outline-icon';
import type { TeamIcon as TeamIconKey } from '@/content/types';

/** One-path outline icons (24 × 24) for each team member's speciality. */
const iconPaths: Record<TeamIconKey, string> = {
  leadership: 'M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 21h14',
  strategy: 'M12 3a9 9 0 109 9M12 7a5 5 0 105 5M12 12l8-8M16 4h4v4',
  governance: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  ai: 'M9 3v3m6-3v3M9 18v3m6-3v3M3 9h3m-3 6h3m12-6h3m-3 6h3M6 6h12v12H6zM10 10h4v4h-4z',
  architecture: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 5 9-5',
  engineering: 'M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16',
  analytics: 'M4 20V10m6 10V4m6 16v-7m6 7H2',
  cloud: 'M7 18h10a4 4 0 00.5-8A6 6 0 006 9.5 4.3 4.3 0 007 18z',
  digital: 'M4 5h16v11H4zM8 20h8M12 16v4',
  security: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 017 0V11M12 15v2',
  partnerships: 'M3 12l4-4 4 2 3-2 4 1 3 3-6 6-3-2-3 2zM11 10l-3 3',
};

/** Decorative icon for a team member's speciality; the role is always written beside it. */
export function TeamIcon({
  icon,
  className = 'size-5',
}: {
  icon: TeamIconKey;
  className?: string;
}) {
  return <OutlineIcon d={iconPaths[icon]} className={className} />;
}
