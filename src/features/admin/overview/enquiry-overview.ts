import * as z from 'zod/mini';

import { EnquiriesQueryError } from '@/features/admin/list/list-enquiries';
import {
  responseOverviewSchema,
  sourceRowSchema,
  tabulateSources,
  type ResponseOverview,
  type SourceOverview,
} from '@/features/admin/overview/response-overview';
import type { AppSupabaseClient } from '@/lib/supabase';

const count = z.number().check(z.int(), z.nonnegative());

/** The shape public.enquiry_overview() returns, checked at the edge. */
const overviewSchema = z.object({
  this_week: count,
  previous_week: count,
  this_month: count,
  previous_month: count,
  open: count,
  closed: count,
  total: count,
  arrived_since: count,
  latest_created_at: z.nullable(z.string()),
  by_status: z.record(z.string(), count),
  weekly: z.array(
    z.object({
      week_start: z.string(),
      total: count,
      by_interest: z.record(z.string(), count),
    }),
  ),
});

export type EnquiryOverview = z.infer<typeof overviewSchema>;
export type WeeklyCount = EnquiryOverview['weekly'][number];

const figuresSchema = z.object({
  overview: overviewSchema,
  response: responseOverviewSchema,
  sources: z.array(sourceRowSchema),
});

/** Everything the dashboard's overview shows, from one request. */
export type DashboardFigures = {
  overview: EnquiryOverview;
  response: ResponseOverview;
  sources: SourceOverview;
};

/**
 * The dashboard's figures over every enquiry (counts and weeks, reply times, lead sources), from
 * public.enquiry_dashboard_figures(); `since` counts the arrivals after it.
 */
export async function fetchDashboardFigures(
  client: AppSupabaseClient,
  since: string | null,
): Promise<DashboardFigures> {
  const { data, error } = await client.rpc(
    'enquiry_dashboard_figures',
    since ? { _since: since } : {},
  );
  if (error) throw new EnquiriesQueryError(error);
  const { overview, response, sources } = figuresSchema.parse(data);
  return { overview, response, sources: tabulateSources(sources) };
}

/** "+2 on last week", "−1 on last week", "Same as last week". */
export function comparison(current: number, previous: number, period: string): string {
  const difference = current - previous;
  if (difference === 0) return `Same as ${period}`;
  return `${difference > 0 ? '+' : '−'}${Math.abs(difference)} on ${period}`;
}
