import { londonDay, staffDate, staffTime } from '@/components/ui/staff-date';
import {
  cityTimeLabel,
  clockIn,
  isTimeZone,
  LONDON_TIME_ZONE,
  zonedParts,
} from '@shared/time-zone';

/** "Tue": the weekday of an instant in a zone (London's unless given). */
const weekdayIn = (iso: string, zone: string = LONDON_TIME_ZONE) =>
  zonedParts(iso, zone, { weekday: 'short' })('weekday');

const londonWeekday = (iso: string) => weekdayIn(iso);

/** "Tue 01 Dec 2026": the London day of an instant, weekday first. */
export function consultationDay(iso: string): string {
  return `${londonWeekday(iso)} ${staffDate(iso)}`;
}

/** "Tue 01 Dec", the year added only when it is not this year's: a day in a short list. */
export function consultationShortDay(iso: string, now: Date = new Date()): string {
  const day = consultationDay(iso);
  const thisYear = staffDate(now.toISOString()).slice(-5);
  return day.endsWith(thisYear) ? day.slice(0, -5) : day;
}

/** "Tue 01 Dec 2026, 10:00–10:30", London time. */
export function consultationWhen(startsAt: string, endsAt: string): string {
  return `${consultationDay(startsAt)}, ${staffTime(startsAt)}–${staffTime(endsAt)}`;
}

/** The London calendar day of an instant, "2026-12-01", for grouping times by day. */
export function londonDayOf(iso: string): string {
  return londonDay(new Date(iso));
}

/**
 * "New York time", "UK time", "UTC": a zone as people say it, from its city; the zone's own name
 * when it names no city.
 */
export function zoneLabel(timeZone: string): string {
  return timeZone === LONDON_TIME_ZONE ? 'UK time' : cityTimeLabel(timeZone);
}

/** The clock and weekday of an instant in a zone, "Tue 05:00"; null for a zone not known. */
function zonedClock(iso: string, timeZone: string): { weekday: string; time: string } | null {
  if (!isTimeZone(timeZone)) return null;
  return { weekday: weekdayIn(iso, timeZone), time: clockIn(iso, timeZone) };
}

/**
 * "Tue 05:00 New York time": the start as the prospect sees it, when their zone is not London's
 * clock at that moment; null when it reads the same, or the zone is unknown.
 */
export function prospectTime(startsAt: string, timeZone: string): string | null {
  const theirs = zonedClock(startsAt, timeZone);
  if (!theirs) return null;
  const ours = `${londonWeekday(startsAt)} ${staffTime(startsAt)}`;
  const text = `${theirs.weekday} ${theirs.time}`;
  return text === ours ? null : `${text} ${zoneLabel(timeZone)}`;
}

/**
 * "05:00 New York time", with the weekday ("Mon 23:00 Los Angeles time") only when it is not
 * London's: a free time beside the London one it is; null as for prospectTime.
 */
export function prospectClock(startsAt: string, timeZone: string): string | null {
  const theirs = zonedClock(startsAt, timeZone);
  if (!theirs || prospectTime(startsAt, timeZone) === null) return null;
  const sameDay = theirs.weekday === londonWeekday(startsAt);
  return `${sameDay ? '' : `${theirs.weekday} `}${theirs.time} ${zoneLabel(timeZone)}`;
}
