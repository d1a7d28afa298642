import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { WeeklyCount } from '@/features/admin/overview/enquiry-overview';
import { isLabelledWeek, WeeklyChart, weekLabel } from '@/features/admin/overview/weekly-chart';

/** Twelve Mondays from 8 Sep 2026 (crossing into a new month twice). */
const weeks: WeeklyCount[] = Array.from({ length: 12 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 8, 7 + i * 7));
  return {
    week_start: day.toISOString().slice(0, 10),
    total: i,
    by_interest: { 'ai-ml': i } as Record<string, number>,
  };
});

describe('weekLabel', () => {
  it('writes the day without a leading zero and the short month, with the year on request', () => {
    expect(weekLabel('2026-11-03')).toBe('03 Nov');
    expect(weekLabel('2026-11-30')).toBe('30 Nov');
    expect(weekLabel('2027-01-04', true)).toBe('04 Jan 2027');
  });

  it('names every other week from the first, so neighbouring labels never share space', () => {
    expect(weeks.map((_, index) => isLabelledWeek(index))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('WeeklyChart', () => {
  it('labels every other week under the chart, each starting at its own bar', () => {
    const { container } = render(<WeeklyChart weeks={weeks} />);
    // one axis for the single column and one more for the second column from sm up
    const axes = [...container.querySelectorAll('[aria-hidden="true"]')].filter((node) =>
      node.querySelector('[data-week-label]'),
    );
    expect(axes).toHaveLength(2);
    expect(axes[0]?.className).toContain('sm:grid');
    for (const axis of axes) {
      const labels = [...axis.querySelectorAll<HTMLElement>('[data-week-label]')];
      expect(labels.map((label) => label.textContent)).toEqual([
        '07 Sep',
        '21 Sep',
        '05 Oct',
        '19 Oct',
        '02 Nov',
        '16 Nov',
      ]);
      expect(labels.map((label) => label.style.gridColumnStart)).toEqual([
        '1',
        '3',
        '5',
        '7',
        '9',
        '11',
      ]);
    }
  });

  it('centres each bar in its twelfth of the width, where its label starts', () => {
    render(<WeeklyChart weeks={weeks} />);
    const svg = screen.getByRole('img', { name: /^All services:/ });
    const [x, , width] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const bars = [...svg.querySelectorAll('rect')];
    expect(bars).toHaveLength(12);
    bars.forEach((bar, index) => {
      const centre = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;
      expect((centre - x!) / width!).toBeCloseTo((index + 0.5) / 12, 5);
    });
  });

  it('names each week in the table with its day, month and year', () => {
    render(<WeeklyChart weeks={weeks} />);
    const table = screen.getByRole('table', { hidden: true });
    const headers = within(table).getAllByRole('rowheader', { hidden: true });
    expect(headers).toHaveLength(12);
    expect(headers[0]).toHaveTextContent('07 Sep 2026');
    expect(headers[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-09-07');
    expect(headers.at(-1)).toHaveTextContent('23 Nov 2026');
    expect(
      within(table).getByRole('columnheader', { name: 'Week starting', hidden: true }),
    ).toBeInTheDocument();
  });
});
