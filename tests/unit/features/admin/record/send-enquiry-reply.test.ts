import { describe, expect, it } from 'vitest';

import {
  checkReplyText,
  MAX_REPLY_LENGTH,
  recordEnquiryContact,
  sendEnquiryReply,
  undoEnquiryContact,
} from '@/features/admin/record/send-enquiry-reply';
import { RpcError } from '@/lib/rpc-error';

import { useSupabaseNetwork } from '../../../support/supabase-network';

const network = useSupabaseNetwork();

const ID = '6f1c2a9e-8d3b-4c1a-9a7e-2b5d4c3e1f00';

describe('sending a reply', () => {
  it('sends the trimmed text to send_enquiry_reply and returns the reply id', async () => {
    const { client, requests } = network.answer({
      rpc: {
        send_enquiry_reply: () => ({ data: { reply_id: 'reply-1', held_for_review: false } }),
      },
    });
    await expect(sendEnquiryReply(client, ID, '  Hello Ada,\nFriday?  \n')).resolves.toEqual({
      replyId: 'reply-1',
      heldForReview: false,
    });
    expect(requests.map(({ method, kind, name, body }) => ({ method, kind, name, body }))).toEqual([
      {
        method: 'POST',
        kind: 'rpc',
        name: 'send_enquiry_reply',
        body: { _submission_id: ID, _body: 'Hello Ada,\nFriday?' },
      },
    ]);
  });

  it('says when the database parked the reply for review instead of sending it', async () => {
    const { client } = network.answer({
      rpc: { send_enquiry_reply: () => ({ data: { reply_id: 'reply-2', held_for_review: true } }) },
    });
    await expect(sendEnquiryReply(client, ID, 'Hi')).resolves.toEqual({
      replyId: 'reply-2',
      heldForReview: true,
    });
  });

  it('refuses a blank or over-long text without calling the database', async () => {
    const { client, requests } = network.answer();
    await expect(sendEnquiryReply(client, ID, ' \n ')).rejects.toThrow(
      'Write a reply before sending it.',
    );
    await expect(sendEnquiryReply(client, ID, 'x'.repeat(MAX_REPLY_LENGTH + 1))).rejects.toThrow(
      'A reply can be at most 10,000 characters.',
    );
    expect(requests).toEqual([]);
    expect(checkReplyText('x'.repeat(MAX_REPLY_LENGTH))).toEqual({
      ok: true,
      body: 'x'.repeat(MAX_REPLY_LENGTH),
    });
  });

  it('turns a refusal into a message to show', async () => {
    const { client } = network.answer({
      userId: 'u-ann',
      rpc: {
        send_enquiry_reply: () => ({ error: { code: '42501', message: 'permission denied' } }),
      },
    });
    const error = await sendEnquiryReply(client, ID, 'Hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      code: '42501',
      message: 'Only staff admins signed in with their authenticator code can reply to enquiries.',
    });
  });

  it('says the database gave no result when the answer is not a reply', async () => {
    const { client } = network.answer({ rpc: { send_enquiry_reply: () => ({ data: null }) } });
    await expect(sendEnquiryReply(client, ID, 'Hi')).rejects.toThrow(
      'The database gave no result.',
    );
  });
});

describe('recording a contact', () => {
  it('records a call or an own-mailbox reply through record_enquiry_contact', async () => {
    const { client, requests } = network.answer({
      rpc: { record_enquiry_contact: () => ({ data: 'contact-1' }) },
    });
    await expect(recordEnquiryContact(client, ID, 'phone', undefined, null)).resolves.toBe(
      'contact-1',
    );
    await recordEnquiryContact(client, ID, 'email', undefined, '2026-11-20T12:00:00+00:00');
    // each with the last-contacted date the screen showed, which the database checks.
    expect(requests.map(({ name, body }) => ({ name, body }))).toEqual([
      {
        name: 'record_enquiry_contact',
        body: { _submission_id: ID, _channel: 'phone', _seen_last_contacted: null },
      },
      {
        name: 'record_enquiry_contact',
        body: {
          _submission_id: ID,
          _channel: 'email',
          _seen_last_contacted: '2026-11-20T12:00:00+00:00',
        },
      },
    ]);
  });

  it('sends a call with its outcome and trimmed note, and no empty note', async () => {
    const { client, requests } = network.answer({
      rpc: { record_enquiry_contact: () => ({ data: 'contact-2' }) },
    });
    await recordEnquiryContact(
      client,
      ID,
      'phone',
      { outcome: 'voicemail', note: '  Call Fri ' },
      null,
    );
    await recordEnquiryContact(client, ID, 'phone', { outcome: 'no_answer', note: '   ' }, null);
    expect(requests.map(({ body }) => body)).toStrictEqual([
      {
        _submission_id: ID,
        _channel: 'phone',
        _outcome: 'voicemail',
        _note: 'Call Fri',
        _seen_last_contacted: null,
      },
      { _submission_id: ID, _channel: 'phone', _outcome: 'no_answer', _seen_last_contacted: null },
    ]);
  });

  it('says when the enquiry is gone', async () => {
    const { client } = network.answer({
      rpc: {
        record_enquiry_contact: () => ({ error: { code: 'P0002', message: 'No such enquiry.' } }),
      },
    });
    await expect(recordEnquiryContact(client, ID, 'phone', undefined, null)).rejects.toThrow(
      'This enquiry no longer exists.',
    );
  });

  it('names an undo refusal by its hint', async () => {
    const { client, requests } = network.answer({
      rpc: {
        undo_enquiry_contact: () => ({
          error: {
            code: 'P0001',
            message: 'contact undo window has passed',
            hint: 'enquiry_contact_undo_expired',
          },
        }),
      },
    });
    await expect(undoEnquiryContact(client, 'contact-1')).rejects.toThrow(
      'It is too late to undo this; change the record instead.',
    );
    expect(requests[0]?.body).toEqual({ _contact_id: 'contact-1' });
  });
});
