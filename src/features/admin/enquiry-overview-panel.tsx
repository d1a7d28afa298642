import type { ReactNode } from 'react';

import { adminSectionPaths } from '@/components/admin/admin-section-paths';
import { comparison, type EnquiryOverview } from '@/features/admin/enquiry-overview';
import { LeadSources } from '@/features/admin/lead-sources';
import { useResponseOverview, useSourceOverview } from '@/features/admin/needs-reply-queries';
import { ResponseFigures } from '@/features/admin/response-figures';
import { WeeklyChart } from '@/features/admin/weekly-chart';
import type { AppSupabaseClient } from '@/lib/supabase';

function Stat({ label, value, note }: { label: string; value: number | string; note: ReactNode }) {
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
 * Figures over every enquiry (not the page on screen): counts and the weekly chart from
 * enquiry_overview(), what is owed and how fast replies came from enquiry_response_overview(),
 * where leads came from from enquiry_source_overview(). One request each; the section is
 * aria-busy until all three have answered.
 */
export function EnquiryOverviewPanel({ overview, client, pollMs }: Props) {
  const response = useResponseOverview(client, pollMs);
  const sources = useSourceOverview(client, pollMs);
  const busy = overview === null || !response.settled || !sources.settled;
  return (
    <section
      aria-labelledby="overview-heading"
      aria-busy={busy}
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6"
    >
      <h2 id="overview-heading" className="text-xl font-bold text-ink">
        Overview
      </h2>
      {overview ? (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
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
            <Stat
              label="Needs a reply"
              value={response.data ? response.data.awaiting_reply : '…'}
              note={<DueLink>Open the list</DueLink>}
            />
            <Stat
              label="Overdue"
              value={response.data ? response.data.overdue : '…'}
              note={<DueLink>Oldest first</DueLink>}
            />
          </dl>
          <WeeklyChart weeks={overview.weekly} />
        </>
      ) : (
        <p className="text-sm text-ink-muted">Loading the overview…</p>
      )}
      {response.data ? <ResponseFigures overview={response.data} /> : null}
      {sources.data ? <LeadSources overview={sources.data} /> : null}
      {response.settled && sources.settled && (!response.data || !sources.data) ? (
        <p className="text-sm text-ink-muted">Some figures could not be loaded.</p>
      ) : null}
    </section>
  );
}
