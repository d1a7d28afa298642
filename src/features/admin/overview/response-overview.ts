import * as z from 'zod/mini';

const count = z.number().check(z.int(), z.nonnegative());

const responseWeekSchema = z.object({
  week_start: z.string(),
  received: count,
  answered: count,
  answered_within_promise: count,
  median_first_response_seconds: z.nullable(count),
  share_within_promise: z.nullable(z.number().check(z.gte(0), z.lte(1))),
});

/** The shape public.enquiry_response_overview() returns, checked at the edge. */
export const responseOverviewSchema = z.object({
  promise_seconds: count,
  awaiting_reply: count,
  overdue: count,
  this_week: responseWeekSchema,
  last_week: responseWeekSchema,
  weeks: z.array(responseWeekSchema),
});

export type ResponseOverview = z.infer<typeof responseOverviewSchema>;
export type ResponseWeek = z.infer<typeof responseWeekSchema>;

export const sourceRowSchema = z.object({
  dimension: z.enum(['source', 'landing_page']),
  value: z.string(),
  enquiries: count,
  won: count,
});

export type SourceRow = z.infer<typeof sourceRowSchema>;
export type SourceOverview = { sources: SourceRow[]; landingPages: SourceRow[] };

/** How many rows each source table shows. */
export const SOURCE_TABLE_ROWS = 10;

/** The database's row adding up every value past its own top 20. */
const OTHER = '(other)';

/**
 * The rows of public.enquiry_source_overview() (enquiries and won enquiries of the last 12 weeks
 * by source and by landing page, not spam, not held) as two tables: the ten named values with the
 * most enquiries, most first, then one "Other" row adding up the rest (the database's own
 * "(other)" included), so each table accounts for every enquiry. The database names a lead with
 * neither "(direct)" and an unrecorded landing page "(unknown)"; these read "Direct" and
 * "Not recorded" here.
 */
export function tabulateSources(rows: readonly SourceRow[]): SourceOverview {
  const pick = (dimension: SourceRow['dimension']) => {
    const ofDimension = rows.filter((row) => row.dimension === dimension);
    const named = ofDimension
      .filter((row) => row.value !== OTHER)
      .sort((a, b) => b.enquiries - a.enquiries || a.value.localeCompare(b.value));
    const shown = named.slice(0, SOURCE_TABLE_ROWS);
    const rest = [
      ...named.slice(SOURCE_TABLE_ROWS),
      ...ofDimension.filter((row) => row.value === OTHER),
    ];
    const table = shown.map((row) => ({ ...row, value: sourceLabel(row.value) }));
    if (rest.length === 0) return table;
    const sum = (key: 'enquiries' | 'won') => rest.reduce((total, row) => total + row[key], 0);
    return [...table, { dimension, value: 'Other', enquiries: sum('enquiries'), won: sum('won') }];
  };
  return { sources: pick('source'), landingPages: pick('landing_page') };
}

export function sourceLabel(value: string): string {
  if (value === '(direct)') return 'Direct';
  if (value === '(unknown)') return 'Not recorded';
  return value;
}

/** "45 min", "3.5 h", "2.5 days"; "—" when nothing was answered. */
export function formatResponseTime(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = seconds / 3600;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

/** "75%"; "—" for a week that owed no replies. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}
