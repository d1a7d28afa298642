/**
 * Time zones, one way for every part of the booking: the Edge Functions (mail, calendars, the
 * visitor's API), the booking pages and the staff area. Intl only, so the module runs on Deno, in
 * Node and in the browser. A zone is known when Intl can format in it; nothing else decides.
 */

/** The consultancy's zone: the staff area shows every time in it, and it is the fallback. */
export const LONDON_TIME_ZONE = 'Europe/London';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-GB formatter for the zone, built once per zone and options. Throws a RangeError for a
 * zone Intl does not know.
 */
export function zonedFormat(zone: string, options: Intl.DateTimeFormatOptions = {}) {
  const key = `${zone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the zone by that name (Europe/London, UTC, ...). */
export function isTimeZone(name: string | null | undefined): name is string {
  if (typeof name !== 'string' || name === '') return false;
  try {
    zonedFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's own name when Intl knows it (as Intl spells it), the fallback (London) otherwise. */
export function knownTimeZone(
  name: string | null | undefined,
  fallback: string = LONDON_TIME_ZONE,
): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  return isTimeZone(trimmed) ? zonedFormat(trimmed).resolvedOptions().timeZone : fallback;
}

/** Every zone the runtime can list, where it can list them (an empty list where it cannot). */
export function listedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/** The city a zone is named after, "New York" for America/New_York; null for UTC or Etc/GMT+5. */
export function zoneCity(zone: string): string | null {
  const slash = zone.lastIndexOf('/');
  if (slash < 0 || zone.startsWith('Etc/')) return null;
  return zone.slice(slash + 1).replaceAll('_', ' ');
}

/** "Paris time" for Europe/Paris; the zone's own name when it names no city ("UTC"). */
export function cityTimeLabel(zone: string): string {
  const city = zoneCity(zone);
  return city ? `${city} time` : zone;
}

/** A reader of the parts of one instant as the zone's clock shows it ('' for a part not asked). */
export function zonedParts(
  instant: Date | string | number,
  zone: string,
  options: Intl.DateTimeFormatOptions,
): (type: Intl.DateTimeFormatPartTypes) => string {
  const found = zonedFormat(zone, options).formatToParts(new Date(instant));
  return (type) => found.find((part) => part.type === type)?.value ?? '';
}

/** "09:30": the zone's 24-hour clock at the instant. */
export function clockIn(instant: Date | string | number, zone: string): string {
  const part = zonedParts(instant, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${part('hour')}:${part('minute')}`;
}

/** "2026-12-01": the zone's calendar day at the instant, for grouping and comparing. */
export function dayIn(instant: Date | string | number, zone: string): string {
  const part = zonedParts(instant, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A time on a clock on the wall, with no zone of its own. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** How far the zone's clock is ahead of UTC at the instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const part = zonedParts(whole, zone, WALL_CLOCK);
  const asUtc = Date.UTC(
    Number(part('year')),
    Number(part('month')) - 1,
    Number(part('day')),
    Number(part('hour')),
    Number(part('minute')),
    Number(part('second')),
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
