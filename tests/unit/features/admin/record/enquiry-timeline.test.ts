import { describe, expect, it } from 'vitest';

import {
  describeTimelineEvent,
  describeTimelineLine,
  type TimelineEvent,
} from '@/features/admin/record/enquiry-timeline';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import { formatDate } from '@/features/admin/shared/enquiry-format';
import type { Json } from '@/lib/database.types';

const staff: StaffMember[] = [
  { id: 'alex', email: 'alex@kestrel.test', display_name: 'Alex Lead' },
  { id: 'sam', email: 'sam@kestrel.test', display_name: 'Sam' },
  { id: 'noname', email: 'noname@kestrel.test', display_name: null },
];

const event = (name: string, details: TimelineEvent['details'], actor: string | null = null) =>
  describeTimelineLine({ occurred_at: '2026-11-24T10:00:00Z', event: name, actor, details }, staff);

describe('what the timeline says changed', () => {
  it('a follow-up with its day, and a change made with others in a bulk action', () => {
    expect(event('follow_up_set', { due_on: '2026-12-02' }).label).toBe(
      `Follow-up set for ${formatDate('2026-12-02')}`,
    );
    const bulk = event(
      'status_changed',
      { from: 'new', to: 'won', bulk: true },
      'sam@kestrel.test',
    );
    expect(bulk.label).toBe('Status: New → Won');
    expect(bulk.context).toBe('by sam@kestrel.test · with other enquiries at once');
    expect(event('hold_released', { bulk: true }).label).toBe('Hold released');
  });

  it('a status change from → to', () => {
    expect(event('status_changed', { from: 'new', to: 'in_progress' }).label).toBe(
      'Status: New → In progress',
    );
  });

  it('an assignment by staff name, with who had it before, or the address without a name', () => {
    expect(event('assigned', { from: null, to: 'alex' }).label).toBe('Assigned to Alex Lead');
    expect(event('assigned', { from: 'sam', to: 'alex' }).label).toBe(
      'Assigned to Alex Lead (was Sam)',
    );
    expect(event('assigned', { from: 'alex', to: null }).label).toBe('Unassigned (was Alex Lead)');
    expect(event('assigned', { from: null, to: 'noname' }).label).toBe(
      'Assigned to noname@kestrel.test',
    );
    expect(event('assigned', { from: 'gone', to: 'sam' }).label).toBe(
      'Assigned to Sam (was a former staff member)',
    );
  });

  it('a last-contacted date from → to, day first', () => {
    const from = '2026-11-20T12:00:00+00:00';
    const to = '2026-11-24T12:00:00+00:00';
    expect(event('last_contacted_set', { from, to }).label).toBe(
      `Last contacted: ${formatDate(from)} → ${formatDate(to)}`,
    );
    expect(formatDate(from)).toMatch(/^20\b/);
    expect(event('last_contacted_set', { from: null, to }).label).toBe(
      `Last contacted: ${formatDate(to)}`,
    );
    expect(event('last_contacted_set', { from, to: null }).label).toBe(
      `Last contacted date cleared (was ${formatDate(from)})`,
    );
  });

  it('a sent reply keeps its text for a disclosure; a note and a call show theirs', () => {
    expect(
      event(
        'reply_sent',
        { channel: 'reply', author_name: 'Alex Lead', body: 'Shall we talk on Tuesday?' },
        'Alex Lead',
      ),
    ).toEqual({ label: 'Reply sent', context: 'by Alex Lead', reply: 'Shall we talk on Tuesday?' });
    expect(event('note_added', { body: 'Budget approved.' }, 'Sam')).toEqual({
      label: 'Note added',
      context: 'by Sam',
      text: 'Budget approved.',
    });
    expect(
      event(
        'contact_recorded',
        { channel: 'phone', outcome: 'voicemail', note: 'Asked for a call back.' },
        'Sam',
      ),
    ).toEqual({
      label: 'Call: Left a voicemail',
      context: 'by Sam',
      text: 'Asked for a call back.',
    });
    expect(event('contact_recorded', { channel: 'phone', outcome: 'no_answer' }).label).toBe(
      'Call: No answer',
    );
    expect(event('contact_recorded', { channel: 'email', author_name: 'Sam' }).label).toBe(
      'Replied from own mailbox',
    );
  });

  it('keeps an undone call, saying it was undone and by whom', () => {
    expect(event('contact_undone', { channel: 'phone', outcome: 'reached' }, 'Sam')).toEqual({
      label: 'Call logged (Reached), then undone',
      context: 'by Sam',
    });
  });

  it('says a hold and the staff summary e-mail in plain words', () => {
    expect(event('received', { held: true }).context).toBe('held: many enquiries arrived at once');
    expect(describeTimelineEvent('mail_staff_digest_sent')).toBe('Staff summary e-mail sent');
    const words = JSON.stringify([
      event('received', { held: true }),
      describeTimelineEvent('mail_staff_digest_sent'),
    ]);
    expect(words).not.toMatch(/flood|digest/i);
  });

  it('a consultation booked, moved and cancelled, with when (London) and by whom', () => {
    const details = {
      starts_at: '2099-07-01T09:00:00+00:00',
      ends_at: '2099-07-01T09:30:00+00:00',
      staff_name: 'Ada Lovelace',
    };
    expect(event('consultation_booked', { ...details, by: 'visitor' })).toEqual({
      label: 'Consultation booked for 01 Jul 2099, 10:00–10:30 with Ada Lovelace',
      context: 'by the prospect',
    });
    expect(event('consultation_moved', { ...details, by: 'staff' }, 'alex@kestrel.test')).toEqual({
      label: 'Consultation moved to 01 Jul 2099, 10:00–10:30 with Ada Lovelace',
      context: 'by alex@kestrel.test',
    });
    expect(event('consultation_cancelled', { ...details, by: 'staff' })).toEqual({
      label: 'Consultation cancelled (was 01 Jul 2099, 10:00–10:30 with Ada Lovelace)',
      context: 'by staff',
    });
    expect(event('consultation_cancelled', { by: 'visitor' }).label).toBe('Consultation cancelled');
    // a held booking the prospect never confirmed, released by the system
    expect(event('consultation_cancelled', { ...details, by: 'system' })).toEqual({
      label:
        'Consultation released: not confirmed (was 01 Jul 2099, 10:00–10:30 with Ada Lovelace)',
      context: '',
    });
    expect(event('consultation_cancelled', { by: 'system' }).label).toBe(
      'Consultation released: not confirmed',
    );
    expect(describeTimelineEvent('consultation_moved')).toBe('Consultation moved');
  });

  it('names the consultation e-mails to the prospect', () => {
    expect(describeTimelineEvent('mail_consultation_booked_sent')).toBe(
      'Consultation confirmation sent',
    );
    expect(describeTimelineEvent('mail_consultation_moved_pending')).toBe(
      'Consultation change queued',
    );
    expect(describeTimelineEvent('mail_consultation_cancelled_failed')).toBe(
      'Consultation cancellation failed',
    );
    expect(describeTimelineEvent('mail_consultation_reminder_skipped')).toBe(
      'Consultation reminder not sent',
    );
  });

  it('says a bounce and a complaint, with what the mail service said', () => {
    expect(describeTimelineEvent('mail_acknowledgement_bounced')).toBe('Acknowledgement bounced');
    expect(describeTimelineEvent('mail_reply_complained')).toBe(
      'Reply e-mail marked as spam by the recipient',
    );
    const bounced = event('mail_acknowledgement_bounced', {
      job_id: 'j',
      delivery_detail: 'Permanent: General: no such mailbox',
    });
    expect(bounced).toEqual({
      label: 'Acknowledgement bounced',
      context: 'Permanent: General: no such mailbox',
    });
  });

  it('a sent mail carries its delivery state', () => {
    expect(event('mail_reply_sent', { delivery_state: 'delivered' }).context).toBe('delivered');
    expect(event('mail_reply_sent', { delivery_state: 'delayed' }).context).toBe(
      'delivery delayed',
    );
    expect(event('mail_reply_sent', {}).context).toBe('');
  });

  it('a mail held back from a blocked address, and the block cleared', () => {
    expect(event('mail_reply_skipped', { skip_reason: 'suppressed_bounced' })).toEqual({
      label: 'Reply e-mail not sent',
      context: 'the address bounced before, so mail to it is blocked',
    });
    expect(
      event('mail_acknowledgement_skipped', { skip_reason: 'suppressed_complained' }).context,
    ).toBe('the recipient marked our mail as spam, so mail to it is blocked');
    expect(event('mail_acknowledgement_skipped', { skip_reason: 'enquiry_held' }).context).toBe(
      'enquiry held',
    );
    const cleared = event('mail_suppression_cleared', { reason: 'bounced' }, 'Alex Lead');
    expect(cleared).toEqual({
      label: 'Mail to this address allowed again',
      context: 'by Alex Lead',
    });
  });

  it("names the host's own calendar invitation", () => {
    expect(describeTimelineEvent('mail_consultation_host_invite_sent')).toBe(
      "Host's calendar invitation sent",
    );
    expect(describeTimelineEvent('mail_consultation_host_invite_failed')).toBe(
      "Host's calendar invitation failed",
    );
  });

  it('names the answer alert', () => {
    expect(describeTimelineEvent('mail_answer_alert_sent')).toBe('Answer alert sent');
  });
});

describe('answers by e-mail on the timeline', () => {
  const event = (name: string, details: { [key: string]: Json }): TimelineEvent => ({
    occurred_at: '2026-12-06T10:00:00Z',
    event: name,
    actor: 'rita@example.com',
    details,
  });

  it("shows the enquirer's answer with its sender, subject, text and listed files", () => {
    const line = describeTimelineLine(
      event('prospect_answer', {
        answer_id: 'a1',
        subject: 'Re: Your enquiry',
        body: 'Tuesday suits us.',
        attachments: [
          { filename: 'brief.pdf', size: 123_904 },
          { filename: 'note.txt', size: 200 },
        ],
      }),
      [],
    );
    expect(line.label).toBe('They answered by e-mail');
    expect(line.context).toBe('from rita@example.com');
    expect(line.text).toBe('Subject: Re: Your enquiry\n\nTuesday suits us.');
    expect(line.attachments).toBe('Attached (not kept): brief.pdf (121 KB), note.txt (200 bytes)');
    expect(line.heldAnswerId).toBeUndefined();
  });

  it('says why an answer is held and offers it for review', () => {
    const line = describeTimelineLine(
      event('prospect_answer_held', {
        answer_id: 'a2',
        body: 'Hi',
        held_reason: 'other_sender',
        truncated: true,
      }),
      [],
    );
    expect(line.label).toBe('An answer by e-mail is held for review');
    expect(line.context).toBe(
      "from rita@example.com · it came from another address than the enquiry's",
    );
    expect(line.text).toBe('Hi\n\n(cut short: the rest was too long to keep)');
    expect(line.heldAnswerId).toBe('a2');
  });
});
