import type { ReactNode } from 'react';

import { MONTHS } from '@/components/ui/staff-date';
import { serviceInterestOptions } from '@/content/contact-options';
import type { WeeklyCount } from '@/features/admin/overview/enquiry-overview';

/**
 * "03 Nov" for "2026-11-03" (a week's Monday, already in London time); "03 Nov 2026" with the
 * year, as the staff area writes every date. By hand: the date is a calendar day already, with no
 * zone to convert.
 */
export function weekLabel(weekStart: string, withYear = false): string {
  const [year, month, day] = weekStart.split('-');
  const label = `${day ?? ''} ${MONTHS[Number(month) - 1] ?? ''}`.trim();
  return withYear && year ? `${label} ${year}` : label;
}

/** Which weeks the axis names: every other one from the first, so labels never overlap. */
export function isLabelledWeek(index: number): boolean {
  return index % 2 === 0;
}

type Series = { key: string; label: string; counts: number[] };

/** One series for all services, then one per service interest, in the form's order. */
export function chartSeries(weeks: readonly WeeklyCount[]): Series[] {
  return [
    { key: 'all', label: 'All services', counts: weeks.map((week) => week.total) },
    ...serviceInterestOptions.map((option) => ({
      key: option.value,
      label: option.label,
      counts: weeks.map((week) => week.by_interest[option.value] ?? 0),
    })),
  ];
}

const BAR = 8;
const GAP = 4;
const HEIGHT = 28;
/** Half a gap on each side of every bar, so week i sits centred in twelfth i of the width. */
const VIEW_BOX_X = -GAP / 2;

type BarsProps = {
  counts: readonly number[];
  max: number;
  /** What the bars say in words, for assistive technology. */
  label: string;
};

/**
 * Twelve bars, scaled to `max`; a week with none shows a thin baseline so the gap reads as 0.
 * Shared by the weekly charts of the overview.
 */
export function WeekBars({ counts, max, label }: BarsProps) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${VIEW_BOX_X} 0 ${counts.length * (BAR + GAP)} ${HEIGHT}`}
      className="block h-7 w-full"
      preserveAspectRatio="none"
    >
      {counts.map((count, index) => {
        const height = max === 0 ? 0 : Math.max(1, (count / max) * (HEIGHT - 2));
        return (
          <rect
            key={index}
            x={index * (BAR + GAP)}
            y={count === 0 ? HEIGHT - 1 : HEIGHT - height}
            width={BAR}
            height={count === 0 ? 1 : height}
            className={count === 0 ? 'fill-slate-400' : 'fill-brand-700'}
          />
        );
      })}
    </svg>
  );
}

/**
 * The weeks under a column of rows: twelve equal cells matching the bars, with every other week
 * named from its bar's left edge across two cells (about 28 px a cell at 375 px, so a label as
 * long as "30 Nov" fits without touching the next). Hidden from assistive technology: each row's
 * image and the table name the weeks already.
 */
export function WeekAxis({
  weeks,
  className,
}: {
  weeks: readonly { week_start: string }[];
  className: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={`grid-cols-12 pt-1 text-xs leading-none text-ink-muted ${className}`}
    >
      {weeks.map((week, index) =>
        isLabelledWeek(index) ? (
          <span
            key={week.week_start}
            data-week-label
            className="col-span-2 pl-[8.333%] whitespace-nowrap"
            style={{ gridColumnStart: index + 1 }}
          >
            {weekLabel(week.week_start)}
          </span>
        ) : null,
      )}
    </div>
  );
}

/** A chart's figures as a table behind a toggle, in a region that scrolls sideways if it must. */
export function ChartTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="min-h-6 cursor-pointer py-0.5 font-semibold text-brand-700">
        Show the figures as a table
      </summary>
      <div
        className="mt-2 overflow-x-auto"
        role="region"
        aria-label={label}
        // A scrollable region must be focusable so keyboard users can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {children}
      </div>
    </details>
  );
}

/**
 * Enquiries per week for the last 12 weeks, as small multiples: one labelled row per service
 * interest (names, not colours, tell them apart), with the figures as a table behind a toggle.
 */
export function WeeklyChart({ weeks }: { weeks: readonly WeeklyCount[] }) {
  const series = chartSeries(weeks);
  const interestMax = Math.max(0, ...series.slice(1).flatMap((row) => row.counts));
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-semibold text-ink">
        Enquiries per week, last 12 weeks
        {first && last
          ? ` (weeks from ${weekLabel(first.week_start)} to ${weekLabel(last.week_start)})`
          : ''}
      </figcaption>
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {series.map((row, index) => (
          <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_2.5rem] items-end gap-x-3">
            <span className="truncate text-sm text-ink-soft" title={row.label}>
              {row.label}
            </span>
            <span className="text-right text-sm font-semibold text-ink tabular-nums">
              {row.counts.reduce((sum, n) => sum + n, 0)}
            </span>
            <div className="col-span-2 mt-1">
              <WeekBars
                counts={row.counts}
                max={index === 0 ? Math.max(0, ...row.counts) : interestMax}
                label={`${row.label}: ${row.counts.reduce((sum, n) => sum + n, 0)} in 12 weeks, most in one week ${Math.max(0, ...row.counts)}`}
              />
              {/* The weeks under the last row of each column (one column below sm, two above). */}
              {index >= series.length - 2 ? (
                <WeekAxis
                  weeks={weeks}
                  className={index === series.length - 1 ? 'grid' : 'hidden sm:grid'}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ChartTable label="Enquiries per week table">
        <table className="min-w-full border-collapse text-left">
          <caption className="sr-only">Enquiries per week by service interest</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1">
                Week starting
              </th>
              {series.map((row) => (
                <th key={row.key} scope="col" className="px-2 py-1">
                  {row.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, weekIndex) => (
              <tr key={week.week_start} className="border-t border-slate-200">
                <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                  <time dateTime={week.week_start}>{weekLabel(week.week_start, true)}</time>
                </th>
                {series.map((row) => (
                  <td key={row.key} className="px-2 py-1 tabular-nums">
                    {row.counts[weekIndex]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ChartTable>
    </figure>
  );
}
