/**
 * Slot times as the visitor reads them: grouped by the day they fall on in the chosen zone, the
 * day in words and the time on the visitor's clock (24-hour, or 12-hour where their browser asks
 * for it). One formatter per zone and clock, built on first use (the shared time-zone module's).
 */

import { MONTH_NAMES } from '@/components/ui/formatted-date';
import { visitorHourCycle, type HourCycle } from '@/features/consultation/visitor-clock';
import { zonedFormat } from '@shared/time-zone';

type WallClock = {
  /** `2026-03-29`: the day in the zone, for grouping and comparing. */
  dayKey: string;
  weekday: string;
  day: string;
  month: string;
  year: string;
  /** `09:30`, on the 24-hour clock */
  time: string;
};

const formatterFor = (zone: string) =>
  zonedFormat(zone, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

const twelveHourFormatterFor = (zone: string) =>
  zonedFormat(zone, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });

function partsOf(formatter: Intl.DateTimeFormat, iso: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return parts;
}

/** What a clock on the wall in `zone` shows at the instant `iso`. */
export function wallClock(iso: string, zone: string): WallClock {
  const parts = partsOf(formatterFor(zone), iso);
  const month = parts.month ?? '';
  const monthNumber = String(
    MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number]) + 1,
  ).padStart(2, '0');
  return {
    dayKey: `${parts.year}-${monthNumber}-${(parts.day ?? '').padStart(2, '0')}`,
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month,
    year: parts.year ?? '',
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** "Tuesday 1 December" */
export function dayLabel(iso: string, zone: string): string {
  const { weekday, day, month } = wallClock(iso, zone);
  return `${weekday} ${day} ${month}`;
}

/** "Tuesday 1 December 2026" */
export function fullDayLabel(iso: string, zone: string): string {
  const { year } = wallClock(iso, zone);
  return `${dayLabel(iso, zone)} ${year}`;
}

/** "09:30" on the 24-hour clock, "9:30 am" on the 12-hour one; the visitor's clock unless given. */
export function timeLabel(
  iso: string,
  zone: string,
  cycle: HourCycle = visitorHourCycle(),
): string {
  if (cycle === 'h23') return wallClock(iso, zone).time;
  const { hour, minute, dayPeriod = '' } = partsOf(twelveHourFormatterFor(zone), iso);
  return `${hour}:${minute} ${dayPeriod.toLowerCase()}`;
}

/** "09:30–10:00", "9:30 am–10:00 am" */
export const timeRangeLabel = (
  startsAt: string,
  endsAt: string,
  zone: string,
  cycle: HourCycle = visitorHourCycle(),
) => `${timeLabel(startsAt, zone, cycle)}–${timeLabel(endsAt, zone, cycle)}`;

/** Whether two zones show the same day and time at that instant (London and Lisbon often do). */
export function sameWallClock(iso: string, zone: string, other: string): boolean {
  const [a, b] = [wallClock(iso, zone), wallClock(iso, other)];
  return a.dayKey === b.dayKey && a.time === b.time;
}

export type SlotDay = {
  /** `2026-03-29` in the zone */
  key: string;
  /** "Sunday 29 March" */
  label: string;
  /** "Sun", for a tile four of which fit a phone's width */
  shortWeekday: string;
  /** "29 Mar" */
  shortDate: string;
  /** The day's start times, ascending. */
  slots: string[];
};

/** The slots grouped by the day they fall on in `zone`, days and times in order. */
export function groupSlotsByDay(slots: readonly string[], zone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const ordered = [...slots].sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const slot of ordered) {
    const clock = wallClock(slot, zone);
    let day = days.get(clock.dayKey);
    if (!day) {
      day = {
        key: clock.dayKey,
        label: `${clock.weekday} ${clock.day} ${clock.month}`,
        shortWeekday: clock.weekday.slice(0, 3),
        shortDate: `${clock.day} ${clock.month.slice(0, 3)}`,
        slots: [],
      };
      days.set(clock.dayKey, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
