import { equal, ok } from 'node:assert/strict';
import {
  cityTimeLabel,
  clockIn,
  dayIn,
  isTimeZone,
  knownTimeZone,
  wallClockToInstant,
  zoneCity,
} from './time-zone.ts';

Deno.test('a zone is known when Intl can format in it', () => {
  ok(isTimeZone('Europe/London'));
  ok(isTimeZone('UTC'));
  ok(!isTimeZone('Nowhere/Town'));
  ok(!isTimeZone(''));
  ok(!isTimeZone(null));
});

Deno.test('an unknown or empty zone falls back to London', () => {
  equal(knownTimeZone(' Europe/Paris '), 'Europe/Paris');
  equal(knownTimeZone('Nowhere/Town'), 'Europe/London');
  equal(knownTimeZone(undefined), 'Europe/London');
  equal(knownTimeZone('x', 'UTC'), 'UTC');
});

Deno.test('a zone is named after its city, when it has one', () => {
  equal(zoneCity('America/New_York'), 'New York');
  equal(zoneCity('Etc/GMT+5'), null);
  equal(cityTimeLabel('Europe/Paris'), 'Paris time');
  equal(cityTimeLabel('UTC'), 'UTC');
});

Deno.test('the clock and the day of an instant in a zone', () => {
  equal(clockIn('2026-12-01T09:00:00Z', 'America/New_York'), '04:00');
  equal(dayIn('2026-12-01T03:00:00Z', 'America/Los_Angeles'), '2026-11-30');
});

Deno.test(
  'a wall-clock time the clock shows twice is the earlier; a skipped one the offset before',
  () => {
    const autumn = { year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 };
    equal(
      new Date(wallClockToInstant(autumn, 'Europe/London')).toISOString(),
      '2026-10-25T00:30:00.000Z',
    );
    const spring = { year: 2026, month: 3, day: 29, hour: 1, minute: 30, second: 0 };
    equal(
      new Date(wallClockToInstant(spring, 'Europe/London')).toISOString(),
      '2026-03-29T01:30:00.000Z',
    );
  },
);
