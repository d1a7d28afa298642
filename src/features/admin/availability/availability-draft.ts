import type { RulesDraft } from '@/features/admin/availability/booking-rules';
import type { DateHoursDraft } from '@/features/admin/availability/date-hours';
import type { TimeOffDraft } from '@/features/admin/availability/time-off';
import type { DraftWeek } from '@/features/admin/availability/weekly-hours';

/** The key of the availability page's draft in the staff drafts (one per staff member). */
export const AVAILABILITY_DRAFT_KEY = 'availability';

/**
 * What is typed on the availability page and not yet saved, form by form; a form with nothing
 * unsaved has no entry. The busy calendar's address is a secret and never kept.
 */
export type AvailabilityDraft = {
  weekly?: DraftWeek;
  rules?: RulesDraft;
  timeOff?: TimeOffDraft;
  dateHours?: DateHoursDraft;
};

export type AvailabilityDraftPart = keyof AvailabilityDraft;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose every named field is a string. */
const hasStrings = (value: unknown, names: readonly string[]) =>
  isRecord(value) && names.every((name) => typeof value[name] === 'string');

function isDraftWeek(value: unknown): value is DraftWeek {
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([weekday, ranges]) =>
        /^[1-7]$/.test(weekday) &&
        Array.isArray(ranges) &&
        ranges.every(
          (range) =>
            hasStrings(range, ['key', 'start', 'end']) &&
            (range.id === undefined || typeof range.id === 'string'),
        ),
    )
  );
}

/** Whether a stored value is an availability draft this version of the page can restore. */
export function isAvailabilityDraft(value: unknown): value is AvailabilityDraft {
  if (!isRecord(value)) return false;
  const { weekly, rules, timeOff, dateHours } = value;
  return (
    (weekly === undefined || isDraftWeek(weekly)) &&
    (rules === undefined || hasStrings(rules, ['buffer', 'notice', 'horizon'])) &&
    (timeOff === undefined || hasStrings(timeOff, ['first', 'last', 'note'])) &&
    (dateHours === undefined || hasStrings(dateHours, ['day', 'start', 'end']))
  );
}

/** Whether the draft holds anything unsaved. */
export function hasDraftParts(draft: AvailabilityDraft): boolean {
  return Object.values(draft).some((part) => part !== undefined);
}
