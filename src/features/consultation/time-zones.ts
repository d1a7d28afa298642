import { isTimeZone, listedTimeZones, LONDON_TIME_ZONE, zoneCity } from '@shared/time-zone';

/** The site's own zone: the consultations are held from London. */
export { LONDON_TIME_ZONE };

/** The zones most of our visitors are in, offered first (the visitor's own is added to them). */
export const commonTimeZones: readonly string[] = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Athens',
  'Europe/Helsinki',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'America/New_York',
  'America/Toronto',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
];

/** The browser's own zone, London when it cannot say. */
export function detectTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : LONDON_TIME_ZONE;
}

/** "UK time (Europe/London)", "New York time (America/New_York)", "UTC". */
export function timeZoneLabel(zone: string): string {
  if (zone === LONDON_TIME_ZONE) return `UK time (${zone})`;
  const city = zoneCity(zone);
  return city ? `${city} time (${zone})` : zone;
}

/**
 * The choices of the time zone list: the visitor's own and the common ones first, then (with
 * `everyZone`) every zone the browser knows, where it can list them, without repeats.
 */
export function timeZoneChoices(
  own: string,
  everyZone = true,
): { common: string[]; others: string[] } {
  const common = [...new Set([own, ...commonTimeZones])];
  const listed = everyZone ? listedTimeZones() : [];
  const others = listed.filter((zone) => !common.includes(zone));
  return { common, others };
}
