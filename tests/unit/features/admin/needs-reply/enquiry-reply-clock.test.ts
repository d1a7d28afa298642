import { describe, expect, it } from 'vitest';

import {
  describeDue,
  listEnquiriesNeedingReply,
} from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import {
  describeTimelineEvent,
  loadEnquiryTimeline,
} from '@/features/admin/record/enquiry-timeline';

import { useSupabaseNetwork } from '../../../support/supabase-network';

const network = useSupabaseNetwork();

describe('enquiries needing a reply', () => {
  it('reads enquiries_needing_reply and passes a refusal on', async () => {
    const row = {
      id: 'e1',
      due_at: '2026-11-26T09:00:00Z',
      assigned_to: null,
      assignee_email: null,
    };
    const { client, requests } = network.answer({
      rpc: { enquiries_needing_reply: () => ({ data: [row] }) },
    });
    await expect(listEnquiriesNeedingReply(client)).resolves.toEqual([row]);
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'enquiries_needing_reply', body: {} },
    ]);
    const refused = network.answer({
      rpc: {
        enquiries_needing_reply: () => ({
          error: {
            code: '42501',
            message: 'Only staff admins may list enquiries awaiting a reply.',
          },
        }),
      },
    });
    await expect(listEnquiriesNeedingReply(refused.client)).rejects.toMatchObject({
      code: '42501',
      message: 'Only staff admins may list enquiries awaiting a reply.',
    });
  });

  it('describes the due time from now', () => {
    const now = new Date('2026-11-26T06:00:00Z');
    expect(describeDue('2026-11-26T09:00:00Z', now)).toBe('Due in 3 h');
    expect(describeDue('2026-11-26T06:25:00Z', now)).toBe('Due in 25 min');
    expect(describeDue('2026-11-26T04:00:00Z', now)).toBe('Overdue by 2 h');
    expect(describeDue('2026-11-24T08:00:00Z', now)).toBe('Overdue by 46 h');
    expect(describeDue('2026-11-22T06:00:00Z', now)).toBe('Overdue by 4 days');
  });
});

describe('the timeline', () => {
  it('reads enquiry_timeline for one enquiry', async () => {
    const { client, requests } = network.answer({
      rpc: {
        enquiry_timeline: () => ({
          data: [{ occurred_at: 'x', event: 'received', actor: null, details: {} }],
        }),
      },
    });
    await expect(loadEnquiryTimeline(client, 'e1')).resolves.toHaveLength(1);
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'enquiry_timeline', body: { _submission_id: 'e1' } },
    ]);
  });

  it('names events and mail outcomes for people', () => {
    expect(describeTimelineEvent('received')).toBe('Enquiry received');
    expect(describeTimelineEvent('mail_acknowledgement_skipped')).toBe('Acknowledgement not sent');
    expect(describeTimelineEvent('mail_reply_escalation_sent')).toBe('Overdue escalation sent');
    expect(describeTimelineEvent('mail_staff_alert_pending')).toBe('Staff alert queued');
    expect(describeTimelineEvent('something_new')).toBe('something_new');
  });
});
