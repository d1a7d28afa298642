import { comparison, type EnquiryOverview } from '@/features/admin/enquiry-overview';
import { WeeklyChart } from '@/features/admin/weekly-chart';

function Stat({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="mt-1">
        <span className="text-2xl font-bold text-ink tabular-nums">{value}</span>
        <span className="mt-1 block text-xs text-ink-muted">{note}</span>
      </dd>
    </div>
  );
}

/** Figures over every enquiry (not the page on screen), from enquiry_overview(). */
export function EnquiryOverviewPanel({ overview }: { overview: EnquiryOverview | null }) {
  return (
    <section
      aria-labelledby="overview-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6"
    >
      <h2 id="overview-heading" className="text-xl font-bold text-ink">
        Overview
      </h2>
      {overview ? (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat
              label="This week"
              value={overview.this_week}
              note={comparison(overview.this_week, overview.previous_week, 'last week so far')}
            />
            <Stat
              label="This month"
              value={overview.this_month}
              note={comparison(overview.this_month, overview.previous_month, 'last month so far')}
            />
            <Stat label="Open" value={overview.open} note="New and in progress" />
            <Stat label="Closed" value={overview.closed} note="Won, lost and spam" />
          </dl>
          <WeeklyChart weeks={overview.weekly} />
        </>
      ) : (
        <p className="text-sm text-ink-muted">Loading the overview…</p>
      )}
    </section>
  );
}
