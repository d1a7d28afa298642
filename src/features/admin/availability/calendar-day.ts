import { londonDay, staffDate } from '@/components/ui/staff-date';
import { zonedParts } from '@shared/time-zone';

/** Today in London, "2026-11-28": days off and dated hours are calendar days there. */
export function londonToday(now: Date = new Date()): string {
  return londonDay(now);
}

/** A calendar day ("2026-12-24") as staff read it: "24 Dec 2026". */
export function formatDay(day: string): string {
  return staffDate(`${day}T12:00:00Z`);
}

/** "Thu 24 Dec 2026": the weekday matters when choosing hours for a date. */
export function formatDayWithWeekday(day: string): string {
  const weekday = zonedParts(`${day}T12:00:00Z`, 'UTC', { weekday: 'short' })('weekday');
  return `${weekday} ${formatDay(day)}`;
}

/** "24 Dec 2026", or "24 Dec 2026 – 02 Jan 2027" for more than one day. */
export function formatDayRange(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}
