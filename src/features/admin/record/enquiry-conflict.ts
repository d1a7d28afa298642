import { londonDay } from '@/components/ui/staff-date';
import {
  formatFollowUpDay,
  type FollowUpConflict,
} from '@/features/admin/record/enquiry-follow-up';
import { staffName } from '@/features/admin/record/enquiry-timeline';
import type {
  EnquiryConflict,
  FieldChange,
  StaffMember,
} from '@/features/admin/record/enquiry-workflow';
import { formatDate, formatDateTime, formatTime } from '@/features/admin/shared/enquiry-format';
import { statusLabel } from '@/features/admin/shared/enquiry-status';

const fieldNames = {
  status: 'Status',
  assigned_to: 'The assignee',
  last_contacted_at: 'The last-contacted date',
} as const;

/** A field's value in the words the record shows: "Won", "Sam Lee", "Unassigned", "20 Nov 2026". */
export function fieldValueLabel(
  field: FieldChange['field'],
  value: FieldChange['value'],
  staff: readonly StaffMember[],
): string {
  if (field === 'status') return value ? statusLabel(value) : 'none';
  if (field === 'assigned_to') return value ? staffName(value, staff) : 'Unassigned';
  return value ? formatDate(value) : 'none';
}

/** "at 14:02" today, "on 02 Dec 2026, 14:02" on another day (London time). */
function when(iso: string, now: Date): string {
  return londonDay(new Date(iso)) === londonDay(now)
    ? `at ${formatTime(iso)}`
    : `on ${formatDateTime(iso)}`;
}

/**
 * "Status was changed to Won by Ada Lovelace at 14:02; your change to In progress was not
 * saved." What a refused save tells the person whose screen was out of date.
 */
export function describeConflict(
  conflict: EnquiryConflict,
  attempted: FieldChange,
  staff: readonly StaffMember[],
  now = new Date(),
): string {
  const current = fieldValueLabel(conflict.field, conflict.current, staff);
  const yours = fieldValueLabel(attempted.field, attempted.value, staff);
  const by = conflict.changedBy ? ` by ${conflict.changedBy}` : '';
  const at = conflict.changedAt ? ` ${when(conflict.changedAt, now)}` : '';
  return `${fieldNames[conflict.field]} was changed to ${current}${by}${at}; your change to ${yours} was not saved.`;
}

/** "marked done by Ada Lovelace at 14:02": what became of the follow-up, by whom and when. */
function followUpChange(conflict: FollowUpConflict, now: Date): string {
  const current = conflict.current ? formatFollowUpDay(conflict.current.due_on) : null;
  const what =
    conflict.change === 'done'
      ? 'marked done'
      : conflict.change === 'cleared'
        ? 'cleared'
        : current
          ? `replaced with one for ${current}`
          : 'replaced';
  const by = conflict.changedBy ? ` by ${conflict.changedBy}` : '';
  const at = conflict.changedAt ? ` ${when(conflict.changedAt, now)}` : '';
  return `${what}${by}${at}`;
}

/**
 * "The follow-up was marked done by Ada Lovelace at 14:02; your follow-up for 05 Dec 2026 was
 * not set." What a refused follow-up tells the person whose screen was out of date.
 */
export function describeFollowUpConflict(
  conflict: FollowUpConflict,
  dueOn: string,
  now = new Date(),
): string {
  const yours = `your follow-up for ${formatFollowUpDay(dueOn)} was not set.`;
  if (conflict.change === 'set' || (conflict.change === null && conflict.current)) {
    const day = conflict.current ? ` for ${formatFollowUpDay(conflict.current.due_on)}` : '';
    const by = conflict.changedBy ? ` by ${conflict.changedBy}` : '';
    const at = conflict.changedAt ? ` ${when(conflict.changedAt, now)}` : '';
    return `A follow-up${day} was set${by}${at}; ${yours}`;
  }
  return `The follow-up was ${followUpChange(conflict, now)}; ${yours}`;
}

/**
 * "This follow-up was already marked done by Ada Lovelace at 14:02; nothing was changed." What
 * Mark done or Clear says when a colleague closed or replaced the follow-up first.
 */
export function describeFollowUpCloseConflict(
  conflict: FollowUpConflict,
  now = new Date(),
): string {
  const already = conflict.change === 'done' || conflict.change === 'cleared' ? 'already ' : '';
  return `This follow-up was ${already}${followUpChange(conflict, now)}; nothing was changed.`;
}

/**
 * "The last-contacted date was changed to 05 Dec 2026 by Ada Lovelace at 14:02; your call was
 * not logged." What a call (or an e-mail reply recorded) says when a colleague moved the date
 * after this screen loaded it.
 */
export function describeContactConflict(
  conflict: EnquiryConflict,
  channel: 'phone' | 'email',
  staff: readonly StaffMember[],
  now = new Date(),
): string {
  const current = fieldValueLabel(conflict.field, conflict.current, staff);
  const by = conflict.changedBy ? ` by ${conflict.changedBy}` : '';
  const at = conflict.changedAt ? ` ${when(conflict.changedAt, now)}` : '';
  const yours =
    channel === 'phone' ? 'your call was not logged' : 'your e-mail reply was not recorded';
  return `${fieldNames[conflict.field]} was changed to ${current}${by}${at}; ${yours}.`;
}
