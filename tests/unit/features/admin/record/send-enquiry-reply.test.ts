import { describe, expect, it } from 'vitest';

import {
  checkReplyText,
  MAX_REPLY_LENGTH,
  recordEnquiryContact,
  sendEnquiryReply,
} from '@/features/admin/record/send-enquiry-reply';
import { RpcError } from '@/lib/rpc-error';

import { createFakeAdminClient } from '../fake-admin-client';

const ID = '6f1c2a9e-8d3b-4c1a-9a7e-2b5d4c3e1f00';

describe('sending a reply', () => {
  it('sends the trimmed text to send_enquiry_reply and returns the reply id', async () => {
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: {
        send_enquiry_reply: () => ({ data: { reply_id: 'reply-1', held_for_review: false } }),
      },
    });
    await expect(sendEnquiryReply(client, ID, '  Hello Ada,\nFriday?  \n')).resolves.toEqual({
      replyId: 'reply-1',
      heldForReview: false,
    });
    expect(rpcCalls).toEqual([
      { name: 'send_enquiry_reply', args: { _submission_id: ID, _body: 'Hello Ada,\nFriday?' } },
    ]);
  });

  it('says when the database parked the reply for review instead of sending it', async () => {
    const { client } = createFakeAdminClient({
      rpc: { send_enquiry_reply: () => ({ data: { reply_id: 'reply-2', held_for_review: true } }) },
    });
    await expect(sendEnquiryReply(client, ID, 'Hi')).resolves.toEqual({
      replyId: 'reply-2',
      heldForReview: true,
    });
  });

  it('refuses a blank or over-long text without calling the database', async () => {
    const { client, rpcCalls } = createFakeAdminClient();
    await expect(sendEnquiryReply(client, ID, ' \n ')).rejects.toThrow(
      'Write a reply before sending it.',
    );
    await expect(sendEnquiryReply(client, ID, 'x'.repeat(MAX_REPLY_LENGTH + 1))).rejects.toThrow(
      'A reply can be at most 10,000 characters.',
    );
    expect(rpcCalls).toEqual([]);
    expect(checkReplyText('x'.repeat(MAX_REPLY_LENGTH))).toEqual({
      ok: true,
      body: 'x'.repeat(MAX_REPLY_LENGTH),
    });
  });

  it('turns a refusal into a message to show', async () => {
    const { client } = createFakeAdminClient({
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
});

describe('recording a contact', () => {
  it('records a call or an own-mailbox reply through record_enquiry_contact', async () => {
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: { record_enquiry_contact: () => ({ data: 'contact-1' }) },
    });
    await expect(recordEnquiryContact(client, ID, 'phone')).resolves.toBe('contact-1');
    await recordEnquiryContact(client, ID, 'email');
    expect(rpcCalls.map((call) => call.args)).toEqual([
      { _submission_id: ID, _channel: 'phone' },
      { _submission_id: ID, _channel: 'email' },
    ]);
  });

  it('says when the enquiry is gone', async () => {
    const { client } = createFakeAdminClient({
      rpc: {
        record_enquiry_contact: () => ({ error: { code: 'P0002', message: 'No such enquiry.' } }),
      },
    });
    await expect(recordEnquiryContact(client, ID, 'phone')).rejects.toThrow(
      'This enquiry no longer exists.',
    );
  });
});
