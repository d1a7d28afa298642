/**
 * A consultation's time as its visitor reads it: in their own zone, named, and in London's when
 * the two clocks differ.
 */

import { LONDON_TIME_ZONE } from './ics.ts';

/** The zone itself when Intl knows it, London's otherwise. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return LONDON_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: timeZone.trim() }).resolvedOptions()
      .timeZone;
  } catch {
    return LONDON_TIME_ZONE;
  }
}

/** "Paris time" for Europe/Paris, "New York time" for America/New_York; "UTC" as it is. */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.includes('/') && !timeZone.startsWith('Etc/') && timeZone.split('/').pop();
  return city ? `${city.replace(/_/g, ' ')} time` : timeZone;
}

type Part = Intl.DateTimeFormatPartTypes;

function parts(date: Date, options: Intl.DateTimeFormatOptions): (type: Part) => string {
  const found = new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  return (type) => found.find((part) => part.type === type)?.value ?? '';
}

// Assembled from parts: ICU versions differ on the commas between them.
function day(date: Date, timeZone: string, length: 'long' | 'short'): string {
  const part = parts(date, {
    timeZone,
    weekday: length,
    day: 'numeric',
    month: length,
    year: 'numeric',
  });
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

function clock(date: Date, timeZone: string): string {
  const part = parts(date, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${part('hour')}:${part('minute')}`;
}

function zoneName(date: Date, timeZone: string): string {
  return parts(date, { timeZone, timeZoneName: 'long' })('timeZoneName');
}

/**
 * "Tuesday 1 December 2026, 10:00 to 10:30 Paris time (Central European Standard Time)"; without
 * "Paris time" when a line's label names the place already.
 */
export function slotText(startsAt: Date, endsAt: Date, timeZone: string, withPlace = true): string {
  const name = zoneName(startsAt, timeZone);
  const label = withPlace ? ` ${zoneLabel(timeZone)}` : '';
  return (
    `${day(startsAt, timeZone, 'long')}, ${clock(startsAt, timeZone)} to ` +
    `${clock(endsAt, timeZone)}${label}${name && name !== label.trim() ? ` (${name})` : ''}`
  );
}

/** "Tue 1 Dec 2026, 10:00 Paris time", for a subject line. */
export function shortSlotText(startsAt: Date, timeZone: string): string {
  return `${day(startsAt, timeZone, 'short')}, ${clock(startsAt, timeZone)} ${zoneLabel(timeZone)}`;
}

/**
 * The slot in the visitor's zone, then in London's when its clock reads otherwise there (a
 * visitor in Dublin or Lisbon, or in London itself, gets one line).
 */
export function slotLines(startsAt: Date, endsAt: Date, visitorTimeZone: string): string[] {
  const zone = knownTimeZone(visitorTimeZone);
  const visitor = `${day(startsAt, zone, 'long')} ${clock(startsAt, zone)}`;
  const london = `${day(startsAt, LONDON_TIME_ZONE, 'long')} ${clock(startsAt, LONDON_TIME_ZONE)}`;
  const lines = [`When: ${slotText(startsAt, endsAt, zone)}`];
  if (visitor !== london) {
    lines.push(`London time: ${slotText(startsAt, endsAt, LONDON_TIME_ZONE, false)}`);
  }
  return lines;
}
