/**
 * Wall-clock times in an IANA time zone, as instants, through Intl: for the times a calendar
 * writes without a VTIMEZONE of their own (an all-day date, a floating time, a TZID it does not
 * define).
 */

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the zone by that name (Europe/London, UTC, ...). */
export function isTimeZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's clock is ahead of UTC at the instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const parts = formatterFor(zone).formatToParts(new Date(whole));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant (ms since the epoch) the zone's clock shows that time. A time the clock shows twice
 * (autumn) is the earlier; one it skips (spring) is read at the offset before the change.
 */
export function wallClockToInstant(wall: WallClock, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const before = offsetAt(zone, asUtc - DAY_MS);
  const after = offsetAt(zone, asUtc + DAY_MS);
  const matching = [asUtc - before, asUtc - after].filter(
    (instant) => asUtc - offsetAt(zone, instant) === instant,
  );
  return matching.length > 0 ? Math.min(...matching) : asUtc - before;
}
