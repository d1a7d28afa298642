/**
 * A consultation's time as its visitor reads it: in their own zone, named, and in London's when
 * the two clocks differ.
 */

import {
  cityTimeLabel,
  clockIn,
  knownTimeZone,
  LONDON_TIME_ZONE,
  zonedParts,
} from '../_shared/time-zone.ts';

/** "Paris time" for Europe/Paris, "New York time" for America/New_York; "UTC" as it is. */
export const zoneLabel = cityTimeLabel;

// Assembled from parts: ICU versions differ on the commas between them.
function day(date: Date, timeZone: string, length: 'long' | 'short'): string {
  const part = zonedParts(date, timeZone, {
    weekday: length,
    day: 'numeric',
    month: length,
    year: 'numeric',
  });
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

const clock = clockIn;

function zoneName(date: Date, timeZone: string): string {
  return zonedParts(date, timeZone, { timeZoneName: 'long' })('timeZoneName');
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

/** "Wednesday 25 November 2026, 10:00 Paris time": one moment, such as when a held booking ends. */
export function momentText(at: Date, timeZone: string): string {
  return `${day(at, timeZone, 'long')}, ${clock(at, timeZone)} ${zoneLabel(timeZone)}`;
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
