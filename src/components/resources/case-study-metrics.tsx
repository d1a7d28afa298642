import { ClockIcon, TrendingUpIcon, UsersIcon } from '@/components/ui/icons';
import type { CaseStudyMetrics as Metrics } from '@/content/types';

/** Improvement, timeline and team size of a case study, as a description list. */
export function CaseStudyMetrics({ metrics }: { metrics: Metrics }) {
  const items = [
    { label: metrics.improvementLabel, value: metrics.improvement, Icon: TrendingUpIcon },
    { label: 'Timeline', value: metrics.timeline, Icon: ClockIcon },
    { label: 'Team size', value: metrics.teamSize, Icon: UsersIcon },
  ];
  return (
    <dl className="grid grid-cols-3 divide-x divide-slate-200 rounded-xl border border-slate-200 bg-slate-50">
      {items.map(({ label, value, Icon }) => (
        <div key={label} className="flex flex-col-reverse items-center px-2 py-3 text-center">
          <dt className="mt-1 line-clamp-2 text-xs leading-4 text-ink-muted">{label}</dt>
          <dd className="flex items-center gap-1.5 text-base font-extrabold text-ink sm:text-lg">
            <Icon className="size-4 shrink-0 text-brand-700" />
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
