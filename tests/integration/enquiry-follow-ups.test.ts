// Follow-ups on an enquiry: an aal2 admin sets one (today or later in London, with a trimmed,
// bounded note), setting another replaces it, done and cleared close it, each audited and on the
// timeline; others are refused. Due ones are listed; the reply clock mails one reminder per
// follow-up on its London day, to the assignee or else whoever set it, never again. Follow-ups go
// with their enquiry, and subject access and erasure cover them.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { mailTo } from './support/mail.ts';
import {
  closeFollowUp,
  FollowUpChangedError,
  setFollowUp as setFollowUpAs,
} from '@/features/admin/record/enquiry-follow-up';
import type { AppSupabaseClient } from '@/lib/supabase';

const SETTER = 'fran.setter@kestrel.test';
const ASSIGNEE = 'ash.assignee@kestrel.test';
const AAL1 = { email: 'aal1.follow@kestrel.test', password: 'aal1-password-1' };
const MEMBER = { email: 'member.follow@kestrel.test', password: 'member-password-1' };

let backend: TestBackend;
let admin: SupabaseClient;
let setter: CreatedUser;
let assignee: CreatedUser;
let counter = 0;

/** The London calendar day `days` from now, as YYYY-MM-DD. */
function londonDay(days = 0, from = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(from.getTime() + days * 86_400_000),
  );
}

async function seedEnquiry(options: { assignedTo?: string; email?: string } = {}) {
  counter += 1;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", assigned_to)
     values ($1, $2, 'Follow Ltd', 'analytics', 'immediate', 'Please follow this up.', $3)
     returning id::text as id`,
    [`Lead ${counter}`, options.email ?? `lead-${counter}@example.com`, options.assignedTo ?? null],
  );
  return rows[0]!.id;
}

/** The enquiry's open follow-up now (what an up-to-date screen shows), or null. */
async function openFollowUpOf(id: string): Promise<string | null> {
  const rows = await backend.sql<{ id: string }>(
    `select id::text from public.enquiry_follow_ups where submission_id = $1 and state = 'open'`,
    [id],
  );
  return rows[0]?.id ?? null;
}

/** Sets a follow-up replacing `replaces` (by default the open one now, as a current screen). */
async function setFollowUp(
  client: SupabaseClient,
  id: string,
  dueOn: string,
  note?: string | null,
  replaces?: string | null,
) {
  return client.rpc('set_enquiry_follow_up', {
    _submission_id: id,
    _due_on: dueOn,
    ...(note === undefined ? {} : { _note: note }),
    _replaces: (replaces === undefined ? await openFollowUpOf(id) : replaces) as string,
  });
}

interface FollowUpRow {
  id: string;
  due_on: string;
  note: string | null;
  state: string;
  set_by_email: string | null;
  reminded_at: string | null;
}

const followUpsOf = (id: string) =>
  backend.sql<FollowUpRow>(
    `select id::text, due_on::text, note, state, set_by_email, reminded_at::text
       from public.enquiry_follow_ups where submission_id = $1 order by created_at, id`,
    [id],
  );

const remind = async (now: string) =>
  (
    await backend.sql<{ queued: number }>(
      `select private.send_follow_up_reminders($1::timestamptz) as queued`,
      [now],
    )
  )[0]!.queued;

const reminderJobs = () =>
  backend.sql<{ submission_id: string; recipient: string | null; payload: Record<string, never> }>(
    `select submission_id::text, recipient, payload from private.enquiry_mail_jobs
      where kind = 'follow_up_reminder' order by created_at`,
  );

beforeAll(async () => {
  backend = await startTestBackend();
  const created = await createAdmin(backend, SETTER);
  admin = created.client;
  setter = created.user;
  assignee = (await createAdmin(backend, ASSIGNEE)).user;
  const aal1 = await createUser(backend, AAL1);
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    aal1.id,
  ]);
  await createUser(backend, MEMBER);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql(`delete from public.contact_submissions`);
  await backend.sql(`delete from private.enquiry_mail_jobs`);
});

describe('setting and closing a follow-up', () => {
  it('sets one for a London day with the note trimmed, audited without the note', async () => {
    const id = await seedEnquiry();
    const tomorrow = londonDay(1);
    const { data: followUpId, error } = await setFollowUp(
      admin,
      id,
      tomorrow,
      '  Ask about the pilot.\n',
    );
    expect(error).toBeNull();
    const { data: visible } = await admin
      .from('enquiry_follow_ups')
      .select('id, due_on, note, state, set_by, set_by_email')
      .eq('submission_id', id);
    expect(visible).toEqual([
      {
        id: followUpId,
        due_on: tomorrow,
        note: 'Ask about the pilot.',
        state: 'open',
        set_by: setter.id,
        set_by_email: SETTER,
      },
    ]);
    const audit = await backend.sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from public.audit_log
        where resource = 'contact_submissions' and resource_id = $1 order by created_at`,
      [id],
    );
    expect(audit).toEqual([
      {
        action: 'admin_enquiry_follow_up_set',
        details: { follow_up_id: followUpId, due_on: tomorrow, has_note: true },
      },
    ]);

    // today counts as not in the past; a blank note is no note.
    expect((await setFollowUp(admin, id, londonDay(0), ' \n ')).error).toBeNull();
    expect((await followUpsOf(id)).at(-1)).toMatchObject({ due_on: londonDay(0), note: null });
  });

  it('refuses a past day, an over-long note and an unknown enquiry', async () => {
    const id = await seedEnquiry();
    const past = await setFollowUp(admin, id, londonDay(-1), 'Too late');
    expect(past.error).toMatchObject({
      code: '22023',
      message: 'Choose today or a later date for the follow-up.',
    });
    const long = await setFollowUp(admin, id, londonDay(1), 'x'.repeat(5001));
    expect(long.error).toMatchObject({
      code: '22023',
      message: 'A follow-up note can be at most 5000 characters.',
    });
    expect((await setFollowUp(admin, id, londonDay(1), 'x'.repeat(5000))).error).toBeNull();
    const unknown = await setFollowUp(admin, '00000000-0000-4000-8000-000000000000', londonDay(1));
    expect(unknown.error).toMatchObject({ code: 'P0002', message: 'No such enquiry.' });
    expect(await followUpsOf(id)).toHaveLength(1);
  });

  it('keeps one open: a new one replaces it; done and cleared close it and stay as history', async () => {
    const id = await seedEnquiry();
    const first = (await setFollowUp(admin, id, londonDay(2), 'First')).data as string;
    const second = (await setFollowUp(admin, id, londonDay(3))).data as string;
    expect((await followUpsOf(id)).map((row) => [row.id, row.state])).toEqual([
      [first, 'replaced'],
      [second, 'open'],
    ]);
    // the replaced one can no longer be closed.
    const stale = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: first,
      _outcome: 'done',
    });
    expect(stale.error).toMatchObject({ code: 'P0001', hint: 'enquiry_changed_since_seen' });

    const done = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: second,
      _outcome: 'done',
    });
    expect(done.error).toBeNull();
    const again = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: second,
      _outcome: 'cleared',
    });
    expect(again.error).toMatchObject({ code: 'P0001', hint: 'enquiry_changed_since_seen' });
    const unknown = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: '00000000-0000-4000-8000-000000000000',
      _outcome: 'done',
    });
    expect(unknown.error).toMatchObject({ code: 'P0002', hint: 'enquiry_follow_up_not_found' });
    const third = (await setFollowUp(admin, id, londonDay(4))).data as string;
    const wrong = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: third,
      _outcome: 'forgotten',
    });
    expect(wrong.error).toMatchObject({ code: '22023' });
    const cleared = await admin.rpc('close_enquiry_follow_up', {
      _follow_up_id: third,
      _outcome: 'cleared',
    });
    expect(cleared.error).toBeNull();
    expect((await followUpsOf(id)).map((row) => row.state)).toEqual([
      'replaced',
      'done',
      'cleared',
    ]);

    const { data: timeline, error } = await admin.rpc('enquiry_timeline', {
      _submission_id: id,
    });
    expect(error).toBeNull();
    const events = (timeline as { event: string; details: Record<string, unknown> }[]).filter(
      (entry) => entry.event.startsWith('follow_up'),
    );
    expect(events.map((entry) => entry.event)).toEqual([
      'follow_up_set',
      'follow_up_set',
      'follow_up_done',
      'follow_up_set',
      'follow_up_cleared',
    ]);
    expect(events[1]!.details).toMatchObject({
      due_on: londonDay(3),
      replaced_follow_up_id: first,
    });
    expect(events[4]!.details).toEqual({
      follow_up_id: third,
      due_on: londonDay(4),
      actor_id: expect.any(String),
    });
  });

  it('refuses anyone but an aal2 admin, who alone reads follow-ups', async () => {
    const id = await seedEnquiry();
    const followUpId = (await setFollowUp(admin, id, londonDay(0), 'Call')).data as string;
    const aal1 = await signedInClient(backend, AAL1.email, AAL1.password);
    const member = await signedInClient(backend, MEMBER.email, MEMBER.password);
    for (const client of [aal1, member, anonClient(backend)]) {
      const set = await setFollowUp(client, id, londonDay(1));
      expect(set.error?.code).toBe('42501');
      const close = await client.rpc('close_enquiry_follow_up', {
        _follow_up_id: followUpId,
        _outcome: 'done',
      });
      expect(close.error?.code).toBe('42501');
      const due = await client.rpc('enquiry_follow_ups_due');
      expect(due.error?.code).toBe('42501');
      const { data } = await client.from('enquiry_follow_ups').select('id');
      expect(data ?? []).toEqual([]);
      // no direct writes either
      const insert = await client
        .from('enquiry_follow_ups')
        .insert({ submission_id: id, due_on: londonDay(1) });
      expect(insert.error?.code).toBe('42501');
    }
    const write = await admin
      .from('enquiry_follow_ups')
      .update({ due_on: londonDay(-5) })
      .eq('id', followUpId)
      .select('id');
    expect(write.error?.code).toBe('42501');
    expect(await followUpsOf(id)).toMatchObject([{ state: 'open', due_on: londonDay(0) }]);
  });
});

describe('two staff, one follow-up', () => {
  let cole: AppSupabaseClient;
  let fran: AppSupabaseClient;

  beforeAll(async () => {
    const created = await createAdmin(backend, 'cole.colleague@kestrel.test');
    await backend.sql(
      `insert into public.staff_profiles (user_id, display_name) values ($1, 'Cole Colleague')`,
      [created.user.id],
    );
    cole = created.client as unknown as AppSupabaseClient;
    fran = admin as unknown as AppSupabaseClient;
  }, 60_000);

  /** The refusal a promise ends in, which must be a FollowUpChangedError. */
  async function refusal(attempt: Promise<unknown>) {
    const error = await attempt.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(FollowUpChangedError);
    return (error as FollowUpChangedError).conflict;
  }

  it('both saw none: the first is set, the second is refused naming who set it, and Apply anyway replaces it', async () => {
    const id = await seedEnquiry();
    const first = await setFollowUpAs(cole, id, londonDay(2), 'Send the proposal', null);
    const conflict = await refusal(setFollowUpAs(fran, id, londonDay(5), 'Ring them', null));
    expect(conflict).toMatchObject({
      seen: null,
      change: 'set',
      changedBy: 'Cole Colleague',
      current: { id: first, due_on: londonDay(2), note: 'Send the proposal', state: 'open' },
    });
    expect(Date.now() - Date.parse(conflict.changedAt!)).toBeLessThan(60_000);
    expect((await followUpsOf(id)).map((row) => [row.id, row.state])).toEqual([[first, 'open']]);

    // "Apply anyway": the same follow-up, replacing the one open now.
    const second = await setFollowUpAs(fran, id, londonDay(5), 'Ring them', conflict.current!.id);
    expect((await followUpsOf(id)).map((row) => [row.id, row.state, row.note])).toEqual([
      [first, 'replaced', 'Send the proposal'],
      [second, 'open', 'Ring them'],
    ]);
  });

  it('a follow-up a colleague marked done, cleared or replaced since is named, not replaced', async () => {
    const id = await seedEnquiry();
    const seen = await setFollowUpAs(fran, id, londonDay(1), 'First', null);
    await closeFollowUp(cole, seen, 'done');
    const done = await refusal(setFollowUpAs(fran, id, londonDay(3), 'Mine', seen));
    expect(done).toMatchObject({
      seen,
      change: 'done',
      changedBy: 'Cole Colleague',
      current: null,
    });

    const next = await setFollowUpAs(fran, id, londonDay(3), 'Mine', null);
    const theirs = await setFollowUpAs(cole, id, londonDay(4), 'Theirs', next);
    const replaced = await refusal(setFollowUpAs(fran, id, londonDay(6), 'Mine again', next));
    expect(replaced).toMatchObject({
      seen: next,
      change: 'replaced',
      changedBy: 'Cole Colleague',
      current: { id: theirs, note: 'Theirs' },
    });
    expect(await openFollowUpOf(id)).toBe(theirs);
  });

  it('setting what is there already is no change, whatever was seen', async () => {
    const id = await seedEnquiry();
    const theirs = await setFollowUpAs(cole, id, londonDay(2), 'Call back', null);
    expect(await setFollowUpAs(fran, id, londonDay(2), '  Call back ', null)).toBe(theirs);
    expect(await followUpsOf(id)).toHaveLength(1);
  });

  it('Mark done after a colleague closed or replaced it is refused, naming them', async () => {
    const id = await seedEnquiry();
    const seen = await setFollowUpAs(fran, id, londonDay(1), 'Chase', null);
    await closeFollowUp(cole, seen, 'cleared');
    const cleared = await refusal(closeFollowUp(fran, seen, 'done'));
    expect(cleared).toMatchObject({
      seen,
      change: 'cleared',
      changedBy: 'Cole Colleague',
      current: null,
    });
    expect(Date.now() - Date.parse(cleared.changedAt!)).toBeLessThan(60_000);
    expect((await followUpsOf(id)).map((row) => row.state)).toEqual(['cleared']);

    const open = await setFollowUpAs(fran, id, londonDay(2), 'Chase again', null);
    const newer = await setFollowUpAs(cole, id, londonDay(3), 'Newer', open);
    const replaced = await refusal(closeFollowUp(fran, open, 'done'));
    expect(replaced).toMatchObject({
      seen: open,
      change: 'replaced',
      changedBy: 'Cole Colleague',
      current: { id: newer, due_on: londonDay(3) },
    });
    // the colleague's follow-up is still open: nothing was closed.
    expect(await openFollowUpOf(id)).toBe(newer);
  });

  it('raced: six sets from the same screen, one is written and the rest refused', async () => {
    const id = await seedEnquiry();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        setFollowUpAs(index % 2 ? cole : fran, id, londonDay(index + 1), `Plan ${index}`, null),
      ),
    );
    const written = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof FollowUpChangedError,
    );
    expect(written).toHaveLength(1);
    expect(refused).toHaveLength(5);
    expect(await followUpsOf(id)).toMatchObject([{ state: 'open' }]);
  });
});

describe('follow-ups due', () => {
  it('lists open ones due today or earlier, oldest first, with the enquiry and assignee', async () => {
    const overdue = await seedEnquiry({ assignedTo: assignee.id });
    const today = await seedEnquiry();
    const later = await seedEnquiry();
    const done = await seedEnquiry();
    await setFollowUp(admin, overdue, londonDay(1), 'Chase the contract');
    await setFollowUp(admin, today, londonDay(0));
    await setFollowUp(admin, later, londonDay(1));
    const doneId = (await setFollowUp(admin, done, londonDay(0))).data as string;
    await admin.rpc('close_enquiry_follow_up', { _follow_up_id: doneId, _outcome: 'done' });
    // brought forward through the service role, as a test may.
    const moved = await serviceClient(backend)
      .from('enquiry_follow_ups')
      .update({ due_on: londonDay(-3) })
      .eq('submission_id', overdue)
      .eq('state', 'open');
    expect(moved.error).toBeNull();

    const { data, error } = await admin.rpc('enquiry_follow_ups_due');
    expect(error).toBeNull();
    expect((data as { submission_id: string }[]).map((row) => row.submission_id)).toEqual([
      overdue,
      today,
    ]);
    expect((data as Record<string, unknown>[])[0]).toMatchObject({
      due_on: londonDay(-3),
      note: 'Chase the contract',
      name: `Lead ${counter - 3}`,
      company: 'Follow Ltd',
      status: 'new',
      assigned_to: assignee.id,
      assignee_email: ASSIGNEE,
      set_by_email: SETTER,
    });
  });
});

describe('the reminder on the day', () => {
  it('is queued once on the London day, to the assignee, never before, never twice', async () => {
    const id = await seedEnquiry({ assignedTo: assignee.id });
    const followUpId = (await setFollowUp(admin, id, '2099-12-02', 'Ring back')).data as string;
    expect(await remind('2099-12-01T23:30:00Z')).toBe(0);
    expect(await remind('2099-12-02T00:30:00Z')).toBe(1);
    expect(await remind('2099-12-02T09:00:00Z')).toBe(0);
    const jobs = await reminderJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      submission_id: id,
      recipient: ASSIGNEE,
      payload: {
        enquiry: { id, company: 'Follow Ltd' },
        follow_up: { id: followUpId, due_on: '2099-12-02', note: 'Ring back' },
        assignee: { email: ASSIGNEE },
      },
    });
    // once is kept on the follow-up: erasing the mail does not send it again.
    await backend.sql(`delete from private.enquiry_mail_jobs where kind = 'follow_up_reminder'`);
    expect(await remind('2099-12-03T09:00:00Z')).toBe(0);
    expect((await followUpsOf(id))[0]!.reminded_at).not.toBeNull();
  });

  it('follows London summer time: 23:30 UTC is already the next day', async () => {
    const id = await seedEnquiry();
    await setFollowUp(admin, id, '2099-06-02');
    expect(await remind('2099-06-01T22:30:00Z')).toBe(0);
    expect(await remind('2099-06-01T23:30:00Z')).toBe(1);
  });

  it('goes to whoever set it when unassigned; none for done or cleared ones', async () => {
    const unassigned = await seedEnquiry();
    const done = await seedEnquiry({ assignedTo: assignee.id });
    const cleared = await seedEnquiry({ assignedTo: assignee.id });
    await setFollowUp(admin, unassigned, '2099-03-10');
    const doneId = (await setFollowUp(admin, done, '2099-03-10')).data as string;
    const clearedId = (await setFollowUp(admin, cleared, '2099-03-10')).data as string;
    await admin.rpc('close_enquiry_follow_up', { _follow_up_id: doneId, _outcome: 'done' });
    await admin.rpc('close_enquiry_follow_up', { _follow_up_id: clearedId, _outcome: 'cleared' });
    expect(await remind('2099-03-10T08:00:00Z')).toBe(1);
    expect(await reminderJobs()).toMatchObject([
      { submission_id: unassigned, recipient: SETTER, payload: { assignee: null } },
    ]);
  });

  it('is run by the reply clock and mailed with a link to the enquiry on Needs a reply', async () => {
    const id = await seedEnquiry({ assignedTo: assignee.id });
    await setFollowUp(admin, id, londonDay(0), 'Send the proposal');
    const run = async () => {
      const response = await fetch(`${backend.url}/__local/jobs/reply-clock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { followUps: number };
    };
    expect((await run()).followUps).toBe(1);
    expect((await run()).followUps).toBe(0);
    const refused = await fetch(`${backend.url}/__local/jobs/reply-clock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.anonKey}` },
    });
    expect(refused.status).toBe(401);
    // the run also starts the sender: the reminder reaches the captured inbox.
    const reminders = async () =>
      (await mailTo(backend, ASSIGNEE)).filter((mail) => mail.subject.startsWith('Follow up'));
    await expect.poll(async () => (await reminders()).length, { timeout: 10_000 }).toBe(1);
    const inbox = await reminders();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.subject).toBe(`Follow up today: Lead ${counter} (Follow Ltd)`);
    expect(inbox[0]!.text).toContain('Send the proposal');
    expect(inbox[0]!.links[0]).toMatch(new RegExp(`/admin/needs-reply\\?enquiry=${id}$`));
  });
});

describe('privacy', () => {
  it('goes with its enquiry, is in subject access, and erasure removes addresses', async () => {
    const subject = 'subject.follow@example.com';
    const theirs = await seedEnquiry({ email: subject });
    const other = await seedEnquiry();
    await setFollowUp(admin, theirs, londonDay(1), 'About their pilot');
    await setFollowUp(admin, other, londonDay(1), `Ask ${subject} for the budget`);

    const { data: document, error } = await admin.rpc('subject_access', { _email: subject });
    expect(error).toBeNull();
    const doc = document as {
      counts: Record<string, number>;
      enquiry_follow_ups: { submission_id: string }[];
    };
    expect(doc.enquiry_follow_ups.map((row) => row.submission_id).sort()).toEqual(
      [theirs, other].sort(),
    );
    expect(doc.counts.enquiry_follow_ups).toBe(2);

    const setterAccess = await admin.rpc('subject_access', { _email: SETTER });
    expect(
      (setterAccess.data as { enquiry_follow_ups: unknown[] }).enquiry_follow_ups,
    ).toHaveLength(2);

    const erased = await admin.rpc('erase_subject_data', { _email: subject });
    expect(erased.error).toBeNull();
    expect(erased.data).toMatchObject({
      enquiry_follow_ups: 1,
      enquiry_follow_ups_mentions_removed: 1,
    });
    expect(await followUpsOf(theirs)).toEqual([]);
    expect((await followUpsOf(other))[0]!.note).toBe('Ask [address removed] for the budget');

    const staffErased = await admin.rpc('erase_subject_data', { _email: SETTER });
    expect(staffErased.data).toMatchObject({ enquiry_follow_ups_staff_removed: 1 });
    expect((await followUpsOf(other))[0]!.set_by_email).toBeNull();

    await backend.sql(`delete from public.contact_submissions where id = $1`, [other]);
    expect(await followUpsOf(other)).toEqual([]);
  });

  it('is deleted by retention with its enquiry, and counted', async () => {
    const old = await seedEnquiry();
    await backend.sql(
      `update public.contact_submissions set created_at = now() - interval '10 years' where id = $1`,
      [old],
    );
    await setFollowUp(admin, old, londonDay(1), 'Long forgotten');
    const counts = (
      await backend.sql<{ counts: Record<string, number> }>(
        'select private.apply_retention() as counts',
      )
    )[0]!.counts;
    expect(counts).toMatchObject({ contact_submissions: 1, enquiry_follow_ups: 1 });
    expect(await followUpsOf(old)).toEqual([]);
  });
});
