import { londonDay, staffDate, staffTime } from '@/components/ui/staff-date';

/** The London zone the staff area shows every time in (and the host's zone of a booking). */
const LONDON = 'Europe/London';

let weekdayFormat: Intl.DateTimeFormat | undefined;

/** "Tue": the weekday in London of an instant. */
function londonWeekday(iso: string): string {
  weekdayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: LONDON });
  return weekdayFormat.format(new Date(iso));
}

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
  if (timeZone === LONDON) return 'UK time';
  const slash = timeZone.lastIndexOf('/');
  if (slash < 0) return timeZone;
  return `${timeZone.slice(slash + 1).replaceAll('_', ' ')} time`;
}

/** The clock and weekday of an instant in a zone, "Tue 05:00"; null for a zone not known. */
function clockIn(iso: string, timeZone: string): { weekday: string; time: string } | null {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((candidate) => candidate.type === type)?.value ?? '';
    return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
  } catch {
    return null;
  }
}

/**
 * "Tue 05:00 New York time": the start as the prospect sees it, when their zone is not London's
 * clock at that moment; null when it reads the same, or the zone is unknown.
 */
export function prospectTime(startsAt: string, timeZone: string): string | null {
  const theirs = clockIn(startsAt, timeZone);
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
  const theirs = clockIn(startsAt, timeZone);
  if (!theirs || prospectTime(startsAt, timeZone) === null) return null;
  const sameDay = theirs.weekday === londonWeekday(startsAt);
  return `${sameDay ? '' : `${theirs.weekday} `}${theirs.time} ${zoneLabel(timeZone)}`;
}
