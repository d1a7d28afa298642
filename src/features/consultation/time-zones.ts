/** The site's own zone: the consultations are held from London. */
export const LONDON_TIME_ZONE = 'Europe/London';

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

/** Whether the browser can show times in `zone`. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone, London when it cannot say. */
export function detectTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : LONDON_TIME_ZONE;
}

/** "UK time (Europe/London)", "New York time (America/New_York)", "UTC". */
export function timeZoneLabel(zone: string): string {
  if (zone === LONDON_TIME_ZONE) return `UK time (${zone})`;
  if (zone === 'UTC' || !zone.includes('/')) return zone;
  const city = zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return `${city} time (${zone})`;
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
  const listed =
    everyZone && typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : [];
  const others = listed.filter((zone) => !common.includes(zone));
  return { common, others };
}
