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

/** "Tue 01 Dec 2026, 10:00–10:30", London time. */
export function consultationWhen(startsAt: string, endsAt: string): string {
  return `${consultationDay(startsAt)}, ${staffTime(startsAt)}–${staffTime(endsAt)}`;
}

/** The London calendar day of an instant, "2026-12-01", for grouping times by day. */
export function londonDayOf(iso: string): string {
  return londonDay(new Date(iso));
}

/**
 * "11:00 in Europe/Paris": the start as the prospect sees it, when their zone is not London's
 * clock at that moment; null when it reads the same, or the zone is unknown.
 */
export function prospectTime(startsAt: string, timeZone: string): string | null {
  try {
    const theirs = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(startsAt));
    const ours = `${londonWeekday(startsAt)} ${staffTime(startsAt)}`;
    return theirs === ours ? null : `${theirs} in ${timeZone}`;
  } catch {
    return null;
  }
}
