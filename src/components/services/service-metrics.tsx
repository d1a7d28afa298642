import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId } from '@/content/types';

/** The four metric tiles: a large figure in the pillar colour over its label. */
export function ServiceMetrics({ pillar, metrics }: { pillar: PillarId; metrics: Readonly<Record<string, string>> }) {
  const theme = pillarTheme(pillar);
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
      {Object.entries(metrics).map(([label, value]) => (
        <div
          key={label}
          className={`flex flex-col-reverse rounded-2xl border bg-white p-6 shadow-sm ${theme.border}`}
        >
          <dt className="mt-2 text-base leading-6 text-ink-soft">{label}</dt>
          <dd className={`text-4xl font-extrabold tracking-tight sm:text-5xl ${theme.text}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
