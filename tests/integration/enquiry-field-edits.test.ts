// Editing an enquiry one field at a time (each save refused over a change made since it was
// seen), and calls with outcomes that their author can undo for
// a few seconds: through the app's own functions and the real supabase-js client, two staff
// admins at aal2, checked straight from the database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnquiryChangedError, saveEnquiryField } from '@/features/admin/record/enquiry-workflow';
import {
  recordEnquiryContact,
  undoEnquiryContact,
} from '@/features/admin/record/send-enquiry-reply';
import type { AppSupabaseClient } from '@/lib/supabase';

import { anonClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let ada: AppSupabaseClient;
let bob: AppSupabaseClient;
let bobUser: CreatedUser;
let counter = 0;

async function seedEnquiry(lastContactedAt: string | null = null): Promise<string> {
  counter += 1;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message")
     values ($1, $2, 'Fields Ltd', 'analytics', 'immediate', 'Can we talk about reporting?')
     returning id::text as id`,
    [`Visitor ${counter}`, `fields-${counter}@example.com`],
  );
  const id = rows[0]!.id;
  if (lastContactedAt) {
    // as data from before first responses were stamped: no first response, nothing audited.
    await backend.sql(`alter table public.contact_submissions disable trigger user`);
    await backend.sql(
      `update public.contact_submissions set last_contacted_at = $2 where id = $1`,
      [id, lastContactedAt],
    );
    await backend.sql(`alter table public.contact_submissions enable trigger user`);
  }
  return id;
}

type Row = {
  status: string;
  assigned_to: string | null;
  last_contacted_at: string | null;
  first_response_at: string | null;
};

async function rowOf(id: string): Promise<Row> {
  const rows = await backend.sql<Row>(
    `select status, assigned_to::text as assigned_to,
            to_char(last_contacted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as last_contacted_at,
            to_char(first_response_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as first_response_at
       from public.contact_submissions where id = $1`,
    [id],
  );
  return rows[0]!;
}

const contactsOf = (id: string) =>
  backend.sql<{ channel: string; outcome: string | null; note: string | null }>(
    `select channel, outcome, note from public.enquiry_replies where submission_id = $1
      order by created_at`,
    [id],
  );

const auditOf = async (id: string) =>
  (
    await backend.sql<{ action: string }>(
      `select action from public.audit_log where resource_id = $1 order by created_at, id`,
      [id],
    )
  ).map((entry) => entry.action);

beforeAll(async () => {
  backend = await startTestBackend();
  const first = await createAdmin(backend, 'ada.fields@example.com');
  await backend.sql(
    `insert into public.staff_profiles (user_id, display_name) values ($1, 'Ada Fields')`,
    [first.user.id],
  );
  const second = await createAdmin(backend, 'bob.fields@example.com');
  ada = first.client as unknown as AppSupabaseClient;
  bob = second.client as unknown as AppSupabaseClient;
  bobUser = second.user;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('saving one field at a time', () => {
  it('two staff changing different fields of one enquiry from stale copies both keep theirs', async () => {
    const id = await seedEnquiry();
    // both opened the enquiry while it was new and unassigned, then each changed one field.
    const [byAda, byBob] = await Promise.all([
      saveEnquiryField(ada, id, { field: 'status', value: 'in_progress' }, 'new'),
      saveEnquiryField(bob, id, { field: 'assigned_to', value: bobUser.id }, null),
    ]);
    expect(byAda?.status).toBe('in_progress');
    expect(byBob?.assigned_to).toBe(bobUser.id);
    await saveEnquiryField(
      ada,
      id,
      { field: 'last_contacted_at', value: '2026-11-20T12:00:00.000Z' },
      null,
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'in_progress',
      assigned_to: bobUser.id,
      last_contacted_at: '2026-11-20T12:00:00.000',
    });
    expect(await auditOf(id)).toEqual(
      expect.arrayContaining([
        'admin_enquiry_status_changed',
        'admin_enquiry_assigned',
        'admin_enquiry_last_contacted_set',
      ]),
    );
    expect(await auditOf(id)).toHaveLength(3);
  });

  it('the same field from the same stale copy: the first wins, the second is refused with who and what', async () => {
    const id = await seedEnquiry();
    await saveEnquiryField(ada, id, { field: 'status', value: 'won' }, 'new');
    const refused = saveEnquiryField(bob, id, { field: 'status', value: 'in_progress' }, 'new');
    await expect(refused).rejects.toBeInstanceOf(EnquiryChangedError);
    const { conflict } = (await refused.catch((error: unknown) => error)) as EnquiryChangedError;
    expect(conflict).toMatchObject({
      field: 'status',
      current: 'won',
      changedBy: 'Ada Fields',
      enquiry: { id, status: 'won' },
    });
    expect(Date.now() - Date.parse(conflict.changedAt!)).toBeLessThan(60_000);
    expect((await rowOf(id)).status).toBe('won');
    expect(await auditOf(id)).toEqual(['admin_enquiry_status_changed']);

    // "Apply anyway": the same change, now from what is there.
    await saveEnquiryField(bob, id, { field: 'status', value: 'in_progress' }, conflict.current);
    expect((await rowOf(id)).status).toBe('in_progress');
  });

  it('raced: eight saves of one field from one copy, one is written and seven are refused', async () => {
    const id = await seedEnquiry();
    const values = ['in_progress', 'won', 'lost', 'closed'] as const;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        saveEnquiryField(
          index % 2 ? bob : ada,
          id,
          { field: 'status', value: values[index % 4]! },
          'new',
        ),
      ),
    );
    const written = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof EnquiryChangedError,
    );
    // two saves of the value already written are no change at all, so they succeed quietly.
    expect(written.length + refused.length).toBe(8);
    expect(await auditOf(id)).toHaveLength(1);
    const stored = (await rowOf(id)).status;
    for (const result of written) {
      expect((result as PromiseFulfilledResult<{ status: string } | null>).value?.status).toBe(
        stored,
      );
    }
  });

  it('a save of what is there already is no change, whatever was seen', async () => {
    const id = await seedEnquiry();
    await saveEnquiryField(ada, id, { field: 'status', value: 'won' }, 'new');
    const again = await saveEnquiryField(bob, id, { field: 'status', value: 'won' }, 'new');
    expect(again?.status).toBe('won');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('compares times and assignees as their own types, and refuses an unknown field', async () => {
    const id = await seedEnquiry('2026-11-20T12:00:00.000Z');
    // the same instant written another way still matches what was seen.
    const moved = await saveEnquiryField(
      ada,
      id,
      { field: 'last_contacted_at', value: '2026-11-24T12:00:00.000Z' },
      '2026-11-20T12:00:00+00:00',
    );
    expect(moved?.last_contacted_at).toMatch(/^2026-11-24T12:00:00/);
    await expect(
      saveEnquiryField(ada, id, { field: 'assigned_to', value: bobUser.id }, bobUser.id),
    ).rejects.toMatchObject({ conflict: { field: 'assigned_to', current: null } });
    const { error } = await ada.rpc('save_enquiry_field', {
      _submission_id: id,
      _field: 'Company',
      _value: 'Hijacked',
      _seen: 'Fields Ltd',
    });
    expect(error).toMatchObject({ code: '22023', hint: 'enquiry_field_invalid' });
  });

  it('a missing enquiry answers null; the public and plain members cannot call it', async () => {
    const gone = await saveEnquiryField(
      ada,
      '00000000-0000-4000-8000-000000000000',
      { field: 'status', value: 'won' },
      'new',
    );
    expect(gone).toBeNull();
    const id = await seedEnquiry();
    const { error } = await anonClient(backend).rpc('save_enquiry_field', {
      _submission_id: id,
      _field: 'status',
      _value: 'won',
      _seen: 'new',
    });
    expect(error?.code).toBe('42501');
    expect((await rowOf(id)).status).toBe('new');
  });

  it('staff cannot change the workflow columns directly any more', async () => {
    const id = await seedEnquiry();
    const { error } = await ada.from('contact_submissions').update({ status: 'won' }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect((await rowOf(id)).status).toBe('new');
  });
});

describe('a call with an outcome', () => {
  it('stores the outcome and the note; reached and voicemail count as a contact', async () => {
    for (const outcome of ['reached', 'voicemail'] as const) {
      const id = await seedEnquiry();
      await recordEnquiryContact(
        ada,
        id,
        'phone',
        { outcome, note: '  Call back on Monday.  ' },
        null,
      );
      expect(await contactsOf(id)).toEqual([
        { channel: 'phone', outcome, note: 'Call back on Monday.' },
      ]);
      const row = await rowOf(id);
      expect(row.last_contacted_at).not.toBeNull();
      expect(row.first_response_at).toBe(row.last_contacted_at);
    }
  });

  it('a call nobody answered is kept but changes nothing on the enquiry', async () => {
    const id = await seedEnquiry();
    await recordEnquiryContact(ada, id, 'phone', { outcome: 'no_answer' }, null);
    expect(await contactsOf(id)).toEqual([{ channel: 'phone', outcome: 'no_answer', note: null }]);
    expect(await rowOf(id)).toMatchObject({ last_contacted_at: null, first_response_at: null });
    const timeline = await ada.rpc('enquiry_timeline', { _submission_id: id });
    expect(timeline.data?.at(-1)).toMatchObject({
      event: 'contact_recorded',
      details: { channel: 'phone', outcome: 'no_answer', note: null },
    });
  });

  it('the old call shape still records a call that reached the prospect', async () => {
    const id = await seedEnquiry();
    const { error } = await ada.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
    });
    expect(error).toBeNull();
    expect(await contactsOf(id)).toEqual([{ channel: 'phone', outcome: 'reached', note: null }]);
  });

  it('a call that counts moves the date only from the one seen: a colleague’s call is named, Apply anyway logs it', async () => {
    const id = await seedEnquiry();
    // both opened the enquiry never contacted; Ada's call lands first.
    await recordEnquiryContact(ada, id, 'phone', { outcome: 'reached' }, null);
    const adaCalled = (await rowOf(id)).last_contacted_at;
    const refused = recordEnquiryContact(
      bob,
      id,
      'phone',
      { outcome: 'voicemail', note: 'Left word' },
      null,
    );
    await expect(refused).rejects.toBeInstanceOf(EnquiryChangedError);
    const { conflict } = (await refused.catch((error: unknown) => error)) as EnquiryChangedError;
    expect(conflict).toMatchObject({
      field: 'last_contacted_at',
      changedBy: 'Ada Fields',
      enquiry: { id },
    });
    expect(Date.parse(conflict.current as string)).toBe(Date.parse(`${adaCalled}Z`));
    expect(Date.now() - Date.parse(conflict.changedAt!)).toBeLessThan(60_000);
    // nothing of Bob's call was recorded, and Ada's date stands.
    expect(await contactsOf(id)).toEqual([{ channel: 'phone', outcome: 'reached', note: null }]);
    expect((await rowOf(id)).last_contacted_at).toBe(adaCalled);

    // "Apply anyway": the same call, from the date there now.
    await recordEnquiryContact(
      bob,
      id,
      'phone',
      { outcome: 'voicemail', note: 'Left word' },
      conflict.current,
    );
    expect(await contactsOf(id)).toHaveLength(2);
    // a call nobody answered changes nothing, so it is never refused over the date.
    await recordEnquiryContact(ada, id, 'phone', { outcome: 'no_answer' }, null);
    expect(await contactsOf(id)).toHaveLength(3);
  });

  it('refuses an unknown outcome, an outcome on an e-mail and an over-long note', async () => {
    const id = await seedEnquiry();
    for (const args of [
      { _channel: 'phone', _outcome: 'busy' },
      { _channel: 'email', _outcome: 'reached' },
      { _channel: 'phone', _outcome: 'reached', _note: 'x'.repeat(2001) },
    ]) {
      const { error } = await ada.rpc('record_enquiry_contact', { _submission_id: id, ...args });
      expect(error?.code).toBe('22023');
      expect(error?.hint).toMatch(/^enquiry_contact_(channel|outcome|note)_invalid$/);
    }
    expect(await contactsOf(id)).toEqual([]);
  });
});

describe('undoing a call', () => {
  it('its author undoes it at once: the call goes and the enquiry is as it was', async () => {
    const before = '2026-11-20T12:00:00.000Z';
    const id = await seedEnquiry(before);
    const untouched = await rowOf(id);
    const contactId = await recordEnquiryContact(ada, id, 'phone', { outcome: 'reached' }, before);
    expect((await rowOf(id)).last_contacted_at).not.toBe(untouched.last_contacted_at);
    await undoEnquiryContact(ada, contactId);
    expect(await rowOf(id)).toEqual(untouched);
    expect(await contactsOf(id)).toEqual([]);
    const timeline = await ada.rpc('enquiry_timeline', { _submission_id: id });
    expect(timeline.data?.map((event) => event.event)).not.toContain('contact_recorded');
    expect(timeline.data?.map((event) => event.event)).not.toContain('last_contacted_set');
    // the timeline keeps that a call was logged and undone, naming who by their staff name.
    expect(timeline.data?.find((event) => event.event === 'contact_undone')).toMatchObject({
      actor: 'Ada Fields',
      details: { channel: 'phone', outcome: 'reached' },
    });
    // the audit log keeps both: what was done (two entries at one time), and that it was undone.
    expect((await auditOf(id)).sort()).toEqual([
      'admin_enquiry_contact_recorded',
      'admin_enquiry_contact_undone',
      'admin_enquiry_last_contacted_set',
    ]);
  });

  it('an undone first call leaves the enquiry unanswered again', async () => {
    const id = await seedEnquiry();
    const contactId = await recordEnquiryContact(ada, id, 'phone', { outcome: 'voicemail' }, null);
    expect((await rowOf(id)).first_response_at).not.toBeNull();
    await undoEnquiryContact(ada, contactId);
    expect(await rowOf(id)).toMatchObject({ last_contacted_at: null, first_response_at: null });
  });

  it('is refused to another staff member, and once the window has passed', async () => {
    const id = await seedEnquiry();
    const contactId = await recordEnquiryContact(ada, id, 'phone', { outcome: 'reached' }, null);
    await expect(undoEnquiryContact(bob, contactId)).rejects.toMatchObject({
      code: '42501',
      message: 'Only the staff member who recorded this contact can undo it.',
    });
    await backend.sql(
      `update public.enquiry_replies set created_at = created_at - interval '16 seconds'
        where id = $1`,
      [contactId],
    );
    await expect(undoEnquiryContact(ada, contactId)).rejects.toMatchObject({
      code: '22023',
      message: 'It is too late to undo this; change the record instead.',
    });
    expect(await contactsOf(id)).toHaveLength(1);
    expect((await rowOf(id)).first_response_at).not.toBeNull();
  });

  it('a sent reply cannot be undone, nor can a stranger call it', async () => {
    const id = await seedEnquiry();
    const { data: sent } = await ada.rpc('send_enquiry_reply', {
      _submission_id: id,
      _body: 'Thanks, we will call you.',
    });
    const replyId = (sent as { reply_id: string }).reply_id;
    await expect(undoEnquiryContact(ada, replyId)).rejects.toMatchObject({
      code: '22023',
      message: 'A sent reply cannot be undone: its e-mail is already on its way.',
    });
    const { error } = await anonClient(backend).rpc('undo_enquiry_contact', {
      _contact_id: replyId,
    });
    expect(error?.code).toBe('42501');
  });
});

describe('a call note and subject rights', () => {
  it('access lists a call whose note names the address, and erasure removes it from the note', async () => {
    const id = await seedEnquiry();
    const subject = `referred-${counter}@example.com`;
    await recordEnquiryContact(
      ada,
      id,
      'phone',
      { outcome: 'reached', note: `They suggested we also ring ${subject} next week.` },
      null,
    );
    const access = await ada.rpc('subject_access', { _email: subject });
    expect(access.error).toBeNull();
    expect(JSON.stringify(access.data)).toContain('They suggested we also ring');
    const erased = await ada.rpc('erase_subject_data', { _email: subject });
    expect(erased.error).toBeNull();
    expect(erased.data).toMatchObject({ enquiry_replies_note_mentions_removed: 1 });
    expect(await contactsOf(id)).toEqual([
      {
        channel: 'phone',
        outcome: 'reached',
        note: 'They suggested we also ring [address removed] next week.',
      },
    ]);
  });
});
