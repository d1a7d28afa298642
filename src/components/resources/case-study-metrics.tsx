import { ClockIcon, TrendingUpIcon, UsersIcon } from '@/components/ui/icons';
import type { CaseStudyMetrics as Metrics } from '@/content/types';

/** The headline improvement, then the timeline and team size, as one description list. */
export function CaseStudyMetrics({ metrics }: { metrics: Metrics }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <div className="col-span-2 flex flex-col-reverse border-b border-slate-200 pb-4">
        <dt className="mt-1 leading-5 text-ink-muted">{metrics.improvementLabel}</dt>
        <dd className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-700">
          <TrendingUpIcon className="size-6 shrink-0" />
          {metrics.improvement}
        </dd>
      </div>
      <MetricItem label="Timeline" value={metrics.timeline} Icon={ClockIcon} />
      <MetricItem label="Team size" value={metrics.teamSize} Icon={UsersIcon} />
    </dl>
  );
}

function MetricItem({
  label,
  value,
  Icon,
}: {
  label: string;
  value: string;
  Icon: typeof ClockIcon;
}) {
  return (
    <div className="pt-3">
      <dt className="flex items-center gap-1.5 text-xs text-ink-muted">
        <Icon className="size-4 shrink-0 text-brand-700" />
        {label}
      </dt>
      <dd className="mt-0.5 pl-5.5 font-bold text-ink">{value}</dd>
    </div>
  );
}
