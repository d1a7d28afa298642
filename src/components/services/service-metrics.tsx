import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId } from '@/content/types';

/** The four metric tiles: a large figure in the pillar colour over its label. */
export function ServiceMetrics({
  pillar,
  metrics,
}: {
  pillar: PillarId;
  metrics: Readonly<Record<string, string>>;
}) {
  const theme = pillarTheme(pillar);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 lg:gap-6">
      {Object.entries(metrics).map(([label, value]) => (
        <div
          key={label}
          className={`flex flex-col-reverse justify-end rounded-2xl border bg-white p-4 shadow-sm sm:p-6 ${theme.border}`}
        >
          <dt className="mt-2 text-sm leading-5 text-ink-soft sm:text-base sm:leading-6">
            {label}
          </dt>
          <dd className={`text-3xl font-extrabold tracking-tight sm:text-5xl ${theme.text}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
