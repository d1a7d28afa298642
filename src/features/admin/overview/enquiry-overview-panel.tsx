import type { ReactNode } from 'react';

import { UpcomingConsultations } from '@/features/admin/consultations/upcoming-consultations';
import {
  useResponseOverview,
  useSourceOverview,
} from '@/features/admin/needs-reply/needs-reply-queries';
import { comparison, type EnquiryOverview } from '@/features/admin/overview/enquiry-overview';
import { LeadSources } from '@/features/admin/overview/lead-sources';
import { OverviewChartsDisclosure } from '@/features/admin/overview/overview-charts-disclosure';
import { ResponseFigures } from '@/features/admin/overview/response-figures';
import { WeeklyChart } from '@/features/admin/overview/weekly-chart';
import { adminSectionPaths } from '@/features/staff-frame/admin-section-paths';

/**
 * One figure of the strip above the list: its label, the figure and a short note. On a phone two
 * to a row, label and figure on one line and the note left to screen readers, so the six take
 * three short rows; from tablet width all six in one line with the note beside the figure.
 */
function Stat({ label, value, note }: { label: ReactNode; value: number | string; note: string }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1 md:block md:py-1.5">
      <dt className="min-w-0 truncate text-xs font-semibold text-ink-muted">{label}</dt>
      <dd className="flex min-w-0 items-baseline gap-2">
        <span className="text-base font-bold text-ink tabular-nums md:text-xl">{value}</span>
        <span className="truncate text-xs text-ink-muted max-md:sr-only">{note}</span>
      </dd>
    </div>
  );
}

const PENDING = '…';

/** A figure's label that opens Needs a reply, a full 24 px tall. */
function DueLink({ children }: { children: ReactNode }) {
  return (
    <a
      href={adminSectionPaths.needsReply}
      className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
    </a>
  );
}

type Props = {
  overview: EnquiryOverview | null;
  /** How often the figures are reloaded while the tab is visible. */
  pollMs: number;
};

/** Whether every figure of the overview has answered (one request: enquiry_dashboard_figures). */
function useFiguresSettled(overview: EnquiryOverview | null, pollMs: number) {
  const response = useResponseOverview(pollMs);
  const sources = useSourceOverview(pollMs);
  return { response, sources, busy: overview === null || !response.settled || !sources.settled };
}

/**
 * The six figures over every enquiry (not the page on screen) in one compact strip above the
 * list: this week and month against the last, open, closed (won and lost), and what is owed a
 * first reply. The section is aria-busy until every figure has answered.
 */
export function EnquiryOverviewPanel({ overview, pollMs }: Props) {
  const { response, sources, busy } = useFiguresSettled(overview, pollMs);
  return (
    <section aria-labelledby="overview-heading" aria-busy={busy}>
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      {/* The six figures keep their place while they load ("…"), so nothing below them moves. */}
      <dl className="grid grid-cols-2 gap-1.5 md:grid-cols-6 md:gap-2">
        <Stat
          label="This week"
          value={overview ? overview.this_week : PENDING}
          note={
            overview
              ? comparison(overview.this_week, overview.previous_week, 'last week so far')
              : PENDING
          }
        />
        <Stat
          label="This month"
          value={overview ? overview.this_month : PENDING}
          note={
            overview
              ? comparison(overview.this_month, overview.previous_month, 'last month so far')
              : PENDING
          }
        />
        <Stat label="Open" value={overview ? overview.open : PENDING} note="New and in progress" />
        <Stat label="Closed" value={overview ? overview.closed : PENDING} note="Won and lost" />
        <Stat
          label={<DueLink>Needs a reply</DueLink>}
          value={response.data ? response.data.awaiting_reply : PENDING}
          note="Not replied to yet"
        />
        <Stat
          label={<DueLink>Overdue</DueLink>}
          value={response.data ? response.data.overdue : PENDING}
          note={response.data ? `Owed over ${response.data.promise_seconds / 3600} h` : PENDING}
        />
      </dl>
      {response.settled && sources.settled && (!response.data || !sources.data) ? (
        <p className="mt-2 text-sm text-ink-muted">Some figures could not be loaded.</p>
      ) : null}
    </section>
  );
}

/**
 * Below the list: the upcoming consultations, then the weekly chart, reply times and lead sources
 * behind one disclosure, from the same request as the figures above the list.
 */
export function OverviewCharts({ overview, pollMs }: Props) {
  const { response, sources } = useFiguresSettled(overview, pollMs);
  return (
    <>
      <UpcomingConsultations pollMs={pollMs} />
      <section aria-label="Charts and lead sources">
        <OverviewChartsDisclosure>
          {overview ? (
            <WeeklyChart weeks={overview.weekly} />
          ) : (
            <p className="text-sm text-ink-muted">Loading the charts…</p>
          )}
          {response.data ? <ResponseFigures overview={response.data} /> : null}
          {sources.data ? <LeadSources overview={sources.data} /> : null}
        </OverviewChartsDisclosure>
      </section>
    </>
  );
}
