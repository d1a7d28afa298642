/**
 * A staff member's own calendar (iCalendar text, as Google, Outlook and Apple publish it) read
 * as busy times: when they are busy, never what or with whom. Pure functions over ical.js and
 * web-standard types, so the module runs on Supabase's Deno runtime and in the Node embedded
 * backend alike.
 */
import ICAL from 'ical.js';

import { isTimeZone, LONDON_TIME_ZONE, wallClockToInstant } from '../_shared/time-zone.ts';

type CalendarComponent = InstanceType<typeof ICAL.Component>;
type CalendarEvent = InstanceType<typeof ICAL.Event>;
type CalendarTime = InstanceType<typeof ICAL.Time>;

/** One busy stretch, as `record_busy_times` takes it: UTC instants, ISO 8601. */
export interface BusyTime {
  starts_at: string;
  ends_at: string;
}

/** The stretch of time read: busy times outside it are dropped, those across its ends cut. */
export interface BusyWindow {
  from: Date;
  until: Date;
}

/** The text is not an iCalendar file (an HTML login page, an error, garbage). */
export class NotICalendarError extends Error {
  constructor() {
    super('not iCalendar data');
    this.name = 'NotICalendarError';
  }
}

/** The repeating events would take longer to expand than a run may spend on one calendar. */
export class TooManyOccurrencesError extends Error {
  constructor() {
    super('too many repeating events to read');
    this.name = 'TooManyOccurrencesError';
  }
}

/**
 * Steps of one repeating event's expansion before the window's end; a rule that repeats more
 * often than that from its start (hourly for months) is read no further.
 */
export const MAX_STEPS_PER_EVENT = 5_000;
/**
 * Steps of all the calendar's expansions together. ical.js takes tens of microseconds a step and
 * an Edge Function has about two seconds of CPU time; daily and weekly rules start just before
 * the window (`rebasedStart`), so even a crowded calendar takes a few thousand.
 */
export const MAX_STEPS_PER_CALENDAR = 20_000;

/** The parsed top-level components, which may be several VCALENDARs. */
function calendarsOf(text: string): CalendarComponent[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR\r?\n/i.test(body)) throw new NotICalendarError();
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch {
    throw new NotICalendarError();
  }
  const roots = (
    Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed
  ) as unknown[];
  const calendars = roots
    .filter((root): root is unknown[] => Array.isArray(root) && root[0] === 'vcalendar')
    .map((root) => new ICAL.Component(root as never));
  if (calendars.length === 0) throw new NotICalendarError();
  return calendars;
}

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : '');

/** Marked free, or called off: no busy time. */
function isFree(component: CalendarComponent): boolean {
  return (
    upper(component.getFirstPropertyValue('transp')) === 'TRANSPARENT' ||
    upper(component.getFirstPropertyValue('status')) === 'CANCELLED'
  );
}

/** The TZID a time property names, when it is a zone this runtime knows by that name. */
function namedZone(component: CalendarComponent, property: string): string | null {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' && isTimeZone(tzid) ? tzid : null;
}

/**
 * The instant of a time. A UTC time, or one in a zone the calendar defines (VTIMEZONE), is what
 * ical.js says; a date, a floating time or one in a zone the calendar does not define is read on
 * the clock of `zone`.
 */
function instantOf(time: CalendarTime, zone: string): number {
  if (time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallClockToInstant(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.isDate ? 0 : time.hour,
      minute: time.isDate ? 0 : time.minute,
      second: time.isDate ? 0 : time.second,
    },
    zone,
  );
}

const DAY_MS = 86_400_000;

/** The wall-clock fields as if they were UTC: a day or so off the instant, no zone needed. */
const roughInstant = (time: CalendarTime) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

const greatestCommonDivisor = (a: number, b: number): number =>
  b === 0 ? a : greatestCommonDivisor(b, a % b);

type Recurrence = InstanceType<typeof ICAL.Recur>;

const rulesOf = (event: CalendarEvent) =>
  event.component
    .getAllProperties('rrule')
    .map((property) => property.getFirstValue() as Recurrence | null);

/** How long before the window to start looking: the event's length and a few days for zones. */
const leadOf = (event: CalendarEvent) =>
  roughInstant(event.endDate) - roughInstant(event.startDate) + 3 * DAY_MS;

/** Every rule ended (UNTIL) before the window, and no extra date (RDATE) may fall in it. */
function endedBefore(event: CalendarEvent, from: number): boolean {
  if (event.component.hasProperty('rdate')) return false;
  const rules = rulesOf(event);
  return (
    rules.length > 0 &&
    rules.every((rule) => rule?.until && roughInstant(rule.until) + leadOf(event) < from)
  );
}

/**
 * Where to start expanding a daily or weekly rule so that its occurrences from there on are the
 * rule's own, when DTSTART is long before the window: a whole number of the rule's cycles later
 * (and of weeks, when BYDAY picks weekdays), a few days before the window. ical.js expands from
 * DTSTART one occurrence at a time, so a weekly meeting set up years ago would otherwise cost
 * hundreds of steps. Null when the rule is another kind (COUNT counts from DTSTART; other BY
 * parts, or a DTSTART on a weekday BYDAY leaves out, change what the first occurrence is).
 */
function rebasedStart(event: CalendarEvent, from: number): CalendarTime | null {
  const rules = rulesOf(event);
  const rule = rules.length === 1 ? rules[0] : null;
  if (!rule || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY') || rule.count) return null;
  if (Object.keys(rule.parts ?? {}).some((part) => part !== 'BYDAY')) return null;
  const start = event.startDate;
  const weekdays = rule.parts.BYDAY as string[] | undefined;
  if (weekdays) {
    const startDay = ICAL.Recur.numericDayToIcalDay(start.dayOfWeek());
    if (!weekdays.every((day) => /^[A-Z]{2}$/.test(day)) || !weekdays.includes(startDay)) {
      return null;
    }
  }
  const cycleDays = (rule.interval || 1) * (rule.freq === 'WEEKLY' ? 7 : 1);
  const stepDays = weekdays ? (cycleDays * 7) / greatestCommonDivisor(cycleDays, 7) : cycleDays;
  const cycles = Math.floor((from - leadOf(event) - roughInstant(start)) / (stepDays * DAY_MS));
  if (cycles <= 0) return null;
  const rebased = start.clone();
  rebased.adjust(cycles * stepDays, 0, 0, 0);
  return rebased;
}

type Span = [start: number, end: number];

/** Sorted, with overlapping and touching spans joined. */
function merged(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const result: Span[] = [];
  for (const span of sorted) {
    const last = result.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else result.push([span[0], span[1]]);
  }
  return result;
}

/** The VEVENTs grouped by UID: the event itself and the overrides of its occurrences. */
function eventsByUid(calendar: CalendarComponent) {
  const groups = new Map<
    string,
    { master: CalendarComponent | null; overrides: CalendarComponent[] }
  >();
  calendar.getAllSubcomponents('vevent').forEach((component, index) => {
    const uid = component.getFirstPropertyValue('uid');
    const key = typeof uid === 'string' && uid !== '' ? `uid:${uid}` : `index:${index}`;
    const group = groups.get(key) ?? { master: null, overrides: [] };
    if (component.hasProperty('recurrence-id')) group.overrides.push(component);
    else group.master ??= component;
    groups.set(key, group);
  });
  return groups.values();
}

/**
 * The busy times of the calendar within the window, UTC, joined where they touch. Events marked
 * free (TRANSP:TRANSPARENT) or cancelled are left out, and so is everything but the times.
 * All-day events and times without a zone of their own are read in the calendar's zone
 * (X-WR-TIMEZONE), else London's. Throws NotICalendarError or TooManyOccurrencesError.
 */
export function busyTimesFromIcs(text: string, window: BusyWindow): BusyTime[] {
  const from = window.from.getTime();
  const until = window.until.getTime();
  const spans: Span[] = [];
  let steps = 0;

  for (const calendar of calendarsOf(text)) {
    const calendarZone = calendar.getFirstPropertyValue('x-wr-timezone');
    const defaultZone = isTimeZone(calendarZone as string)
      ? (calendarZone as string)
      : LONDON_TIME_ZONE;

    const add = (item: CalendarEvent, start: CalendarTime, end: CalendarTime) => {
      if (isFree(item.component)) return;
      const startZone = namedZone(item.component, 'dtstart') ?? defaultZone;
      const endZone = namedZone(item.component, 'dtend') ?? startZone;
      const startsAt = instantOf(start, startZone);
      const endsAt = instantOf(end, endZone);
      if (!(endsAt > startsAt) || endsAt <= from || startsAt >= until) return;
      spans.push([Math.max(startsAt, from), Math.min(endsAt, until)]);
    };

    for (const { master, overrides } of eventsByUid(calendar)) {
      try {
        if (!master) {
          for (const override of overrides) {
            const single = new ICAL.Event(override, { exceptions: [] });
            add(single, single.startDate, single.endDate);
          }
          continue;
        }
        const event = new ICAL.Event(master, { exceptions: overrides });
        if (!event.isRecurring()) {
          add(event, event.startDate, event.endDate);
          continue;
        }
        const masterZone = namedZone(master, 'dtstart') ?? defaultZone;
        const placed = new Set<CalendarEvent>();
        const iterator = event.iterator(rebasedStart(event, from) ?? undefined);
        const stepsLeft = endedBefore(event, from) ? 0 : MAX_STEPS_PER_EVENT;
        for (let eventSteps = 0; eventSteps < stepsLeft; eventSteps += 1) {
          const next = iterator.next();
          if (!next || instantOf(next, masterZone) >= until) break;
          steps += 1;
          if (steps > MAX_STEPS_PER_CALENDAR) throw new TooManyOccurrencesError();
          const details = event.getOccurrenceDetails(next);
          if (details.item !== event) placed.add(details.item);
          add(details.item, details.startDate, details.endDate);
        }
        // an occurrence moved into the window from a time after it
        for (const override of Object.values(event.exceptions)) {
          if (!placed.has(override)) add(override, override.startDate, override.endDate);
        }
      } catch (error) {
        if (error instanceof TooManyOccurrencesError) throw error;
        // one event ical.js cannot read (no DTSTART, a broken rule) costs only its own times
      }
    }
  }

  return merged(spans).map(([start, end]) => ({
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(end).toISOString(),
  }));
}
