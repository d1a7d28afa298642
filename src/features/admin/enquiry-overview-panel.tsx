import type { ReactNode } from 'react';

import { adminSectionPaths } from '@/components/admin/admin-section-paths';
import { comparison, type EnquiryOverview } from '@/features/admin/enquiry-overview';
import { LeadSources } from '@/features/admin/lead-sources';
import { useResponseOverview, useSourceOverview } from '@/features/admin/needs-reply-queries';
import { OverviewChartsDisclosure } from '@/features/admin/overview-charts-disclosure';
import { ResponseFigures } from '@/features/admin/response-figures';
import { WeeklyChart } from '@/features/admin/weekly-chart';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * One figure: below tablet width a row of a compact list (label, figure, note on one line), so
 * the six take little height above the enquiries; from tablet width a card.
 */
function Stat({ label, value, note }: { label: string; value: number | string; note: ReactNode }) {
  return (
    <div className="flex items-baseline gap-2 py-1 md:block md:rounded-xl md:border md:border-slate-200 md:bg-white md:p-4">
      <dt className="w-[7.25rem] shrink-0 text-sm font-semibold text-ink-muted md:w-auto">
        {label}
      </dt>
      <dd className="flex min-w-0 items-baseline gap-2 md:mt-1 md:block">
        <span className="w-8 shrink-0 text-lg font-bold text-ink tabular-nums md:w-auto md:text-2xl">
          {value}
        </span>
        <span className="text-xs text-ink-muted md:mt-1 md:block">{note}</span>
      </dd>
    </div>
  );
}

const PENDING = '…';

function DueLink({ children }: { children: ReactNode }) {
  return (
    <a
      href={adminSectionPaths.needsReply}
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
    </a>
  );
}

type Props = {
  overview: EnquiryOverview | null;
  client: AppSupabaseClient;
  /** How often the figures are reloaded while the tab is visible. */
  pollMs: number;
};

/**
 * Figures over every enquiry (not the page on screen), all from one request
 * (enquiry_dashboard_figures): counts and the weekly chart, what is owed and how fast replies
 * came, where leads came from. The section is aria-busy until it has answered, whether the
 * charts' disclosure is open or not. The six figures stay in view; the charts and source tables
 * sit behind the disclosure, closed on a phone so the enquiries come first.
 */
export function EnquiryOverviewPanel({ overview, client, pollMs }: Props) {
  const response = useResponseOverview(client, pollMs);
  const sources = useSourceOverview(client, pollMs);
  const busy = overview === null || !response.settled || !sources.settled;
  return (
    <section
      aria-labelledby="overview-heading"
      aria-busy={busy}
      className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 md:space-y-4"
    >
      <h2 id="overview-heading" className="text-xl font-bold text-ink">
        Overview
      </h2>
      {/* The six figures keep their place while they load ("…"), so nothing below them moves. */}
      <dl className="divide-y divide-slate-200 md:grid md:grid-cols-2 md:gap-3 md:divide-y-0 lg:grid-cols-3 xl:grid-cols-6">
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
        <Stat
          label="Closed"
          value={overview ? overview.closed : PENDING}
          note="Won, lost and spam"
        />
        <Stat
          label="Needs a reply"
          value={response.data ? response.data.awaiting_reply : PENDING}
          note={<DueLink>Open the list</DueLink>}
        />
        <Stat
          label="Overdue"
          value={response.data ? response.data.overdue : PENDING}
          note={<DueLink>Oldest first</DueLink>}
        />
      </dl>
      {response.settled && sources.settled && (!response.data || !sources.data) ? (
        <p className="text-sm text-ink-muted">Some figures could not be loaded.</p>
      ) : null}
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
  );
}
