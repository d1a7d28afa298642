import {
  formatResponseTime,
  formatShare,
  type ResponseOverview,
  type ResponseWeek,
} from '@/features/admin/overview/response-overview';
import { ChartTable, WeekAxis, WeekBars, weekLabel } from '@/features/admin/overview/weekly-chart';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
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

/** "Last week: 3.5 h", or what the empty week means. */
function lastWeekNote(text: string, empty: string | null): string {
  return empty ?? `Last week: ${text}`;
}

/**
 * "75%", or "None owed" for a week with no reply due yet: the database leaves the share out
 * (null) until an enquiry's reply is answered or due, so 0% means replies were missed.
 */
export function shareText(share: number | null): string {
  return share === null ? 'None owed' : formatShare(share);
}

/**
 * This week's median first response and share answered within the promise against last
 * week's, then both per week for 12 weeks with the figures as a table.
 */
export function ResponseFigures({ overview }: { overview: ResponseOverview }) {
  const hours = overview.promise_seconds / 3600;
  const { this_week: current, last_week: previous, weeks } = overview;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label="Median first reply"
          value={formatResponseTime(current.median_first_response_seconds)}
          note={lastWeekNote(
            formatResponseTime(previous.median_first_response_seconds),
            previous.answered === 0 ? 'None answered last week' : null,
          )}
        />
        <Figure
          label={`Replied within ${hours} h`}
          value={shareText(current.share_within_promise)}
          note={lastWeekNote(
            formatShare(previous.share_within_promise),
            previous.share_within_promise === null ? 'None owed last week' : null,
          )}
        />
      </dl>
      <ResponseChart weeks={weeks} hours={hours} />
    </div>
  );
}

function ResponseChart({ weeks, hours }: { weeks: readonly ResponseWeek[]; hours: number }) {
  const medians = weeks.map((week) => (week.median_first_response_seconds ?? 0) / 3600);
  const shares = weeks.map((week) => (week.share_within_promise ?? 0) * 100);
  const longest = Math.max(0, ...weeks.map((week) => week.median_first_response_seconds ?? 0));
  const rows = [
    {
      key: 'median',
      label: 'Median first reply',
      values: medians,
      max: Math.max(0, ...medians),
      description: `Median first reply per week, longest ${formatResponseTime(longest)}`,
    },
    {
      key: 'share',
      label: `Replied within ${hours} h`,
      values: shares,
      max: 100,
      description: `Share replied within ${hours} hours per week, lowest ${Math.round(Math.min(...shares))}%`,
    },
  ];
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-semibold text-ink">
        First replies per week of arrival, last 12 weeks
      </figcaption>
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map((row) => (
          <li key={row.key}>
            <span className="text-sm text-ink-soft">{row.label}</span>
            <div className="mt-1">
              <WeekBars counts={row.values} max={row.max} label={row.description} />
              <WeekAxis weeks={weeks} className={row.key === 'share' ? 'grid' : 'hidden sm:grid'} />
            </div>
          </li>
        ))}
      </ul>
      <ChartTable label="First replies per week table">
        <table className="min-w-full border-collapse text-left">
          <caption className="sr-only">First replies per week of arrival</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1">
                Week starting
              </th>
              <th scope="col" className="px-2 py-1">
                Owed a reply
              </th>
              <th scope="col" className="px-2 py-1">
                Replied
              </th>
              <th scope="col" className="px-2 py-1">
                Median first reply
              </th>
              <th scope="col" className="px-2 py-1">
                Within {hours} h
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week_start} className="border-t border-slate-200">
                <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                  <time dateTime={week.week_start}>{weekLabel(week.week_start, true)}</time>
                </th>
                <td className="px-2 py-1 tabular-nums">{week.received}</td>
                <td className="px-2 py-1 tabular-nums">{week.answered}</td>
                <td className="px-2 py-1 whitespace-nowrap tabular-nums">
                  {formatResponseTime(week.median_first_response_seconds)}
                </td>
                <td className="px-2 py-1 whitespace-nowrap tabular-nums">
                  {shareText(week.share_within_promise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartTable>
    </figure>
  );
}
