// One admin action on many enquiries (public.bulk_enquiry_action): assign, set a status, mark
// spam, take spam back (not spam), delete with everything hanging off them, or release held ones.
// Only an admin with a second factor (aal2) may; each call writes exactly one audit entry with
// the ids it changed and their values, none per row.

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { seedEnquiry } from './support/privacy.ts';
import { saveWorkflow } from './support/workflow.ts';

const ADMIN = { email: 'bulk.admin@example.com', password: 'bulk-admin-password-1' };
const MEMBER = { email: 'bulk.member@example.com', password: 'bulk-member-password-1' };
const COLLEAGUE = { email: 'bulk.colleague@example.com', password: 'bulk-colleague-password-1' };

let backend: TestBackend;
let admin: SupabaseClient;
/** The same admin signed in with the password only (aal1). */
let adminAal1: SupabaseClient;
let member: SupabaseClient;
let memberId: string;
/** A second staff admin, the one enquiries are assigned to. */
let colleagueId: string;

async function count(from: string, params: unknown[] = []): Promise<number> {
  const rows = await backend.sql<{ n: number }>(`select count(*)::int as n from ${from}`, params);
  return rows[0]!.n;
}

/** Seeds `n` enquiries (each with a note, a client address and its mail). */
async function seedMany(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push((await seedEnquiry(backend)).id);
  // the seed's notes are audited; the tests look only at what the bulk action writes
  await backend.sql('delete from public.audit_log');
  return ids;
}

/** Ids in the order the audit entry lists them. */
function sorted(ids: readonly string[]): string[] {
  return [...ids].sort();
}

async function bulkAudit() {
  return backend.sql<{
    action: string;
    resource_id: string | null;
    details: Record<string, unknown>;
  }>(
    `select action, resource_id, details from public.audit_log
      where resource = 'contact_submissions' order by created_at, id`,
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({ client: admin } = await createAdmin(backend, ADMIN.email, ADMIN.password));
  adminAal1 = await signedInClient(backend, ADMIN.email, ADMIN.password);
  ({ id: memberId } = await createUser(backend, MEMBER));
  member = await signedInClient(backend, MEMBER.email, MEMBER.password);
  ({ id: colleagueId } = await createUser(backend, COLLEAGUE));
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    colleagueId,
  ]);
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql('delete from public.contact_submissions');
  await backend.sql('delete from private.enquiry_mail_jobs');
  await backend.sql('delete from public.audit_log');
});

describe('who may act in bulk', () => {
  it('refuses anon, a signed-in non-admin and an admin without the second factor, changing nothing', async () => {
    const ids = await seedMany(2);
    const anon = await anonClient(backend).rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'delete',
    });
    expect(anon.error?.code).toBe('42501');
    for (const client of [member, adminAal1]) {
      const { error } = await client.rpc('bulk_enquiry_action', { _ids: ids, _action: 'delete' });
      expect(error).toMatchObject({
        code: '42501',
        message: 'Only staff admins may change enquiries in bulk.',
      });
    }
    expect(await count('public.contact_submissions')).toBe(2);
    expect(await bulkAudit()).toEqual([]);
  });

  it('refuses every new action to a non-admin and an admin without the second factor', async () => {
    const ids = await seedMany(1);
    await backend.sql(`update public.contact_submissions set status = 'spam'`);
    await backend.sql('delete from public.audit_log');
    const calls = [
      { _action: 'assign', _value: colleagueId },
      { _action: 'assign', _value: null },
      { _action: 'status', _value: 'won' },
      { _action: 'not_spam' },
    ];
    for (const client of [anonClient(backend), member, adminAal1]) {
      for (const call of calls) {
        const { error } = await client.rpc('bulk_enquiry_action', { _ids: ids, ...call });
        expect(error?.code).toBe('42501');
      }
    }
    expect(
      await count(`public.contact_submissions where status = 'spam' and assigned_to is null`),
    ).toBe(1);
    expect(await bulkAudit()).toEqual([]);
  });

  it('names bad input: an unknown action, no ids, too many, or ids that are not uuids', async () => {
    const ids = await seedMany(1);
    const unknown = await admin.rpc('bulk_enquiry_action', { _ids: ids, _action: 'archive' });
    expect(unknown.error).toMatchObject({ code: '22023', hint: 'enquiry_bulk_action_invalid' });
    const tooMany = Array.from({ length: 101 }, () => ids[0]);
    for (const bad of [[], tooMany, ['not-a-uuid'], [42], { id: ids[0] }]) {
      const { error } = await admin.rpc('bulk_enquiry_action', { _ids: bad, _action: 'spam' });
      expect(error).toMatchObject({
        code: '22023',
        message: 'Select between 1 and 100 enquiries.',
        hint: 'enquiry_bulk_ids_invalid',
      });
    }
    expect(await bulkAudit()).toEqual([]);
  });
});

describe('mark spam', () => {
  it('marks every selected enquiry spam with one audit entry naming each with its status before', async () => {
    const ids = await seedMany(4);
    const untouched = await seedMany(1);
    await backend.sql(`update public.contact_submissions set status = 'spam' where id = $1`, [
      ids[0],
    ]);
    await backend.sql('delete from public.audit_log');

    await backend.sql(`update public.contact_submissions set status = 'won' where id = $1`, [
      ids[1],
    ]);
    await backend.sql('delete from public.audit_log');

    const { data, error } = await admin.rpc('bulk_enquiry_action', { _ids: ids, _action: 'spam' });
    expect(error).toBeNull();
    const changes = [
      { from: 'new', ids: sorted([ids[2]!, ids[3]!]) },
      { from: 'won', ids: [ids[1]] },
    ];
    expect(data).toEqual({ action: 'spam', requested: 4, count: 3, skipped: [], changes });
    expect(
      await count(`public.contact_submissions where status = 'spam' and id = any($1::uuid[])`, [
        ids,
      ]),
    ).toBe(4);
    expect(
      await count(`public.contact_submissions where status = 'new' and id = $1`, untouched),
    ).toBe(1);
    expect(await bulkAudit()).toEqual([
      {
        action: 'admin_enquiries_marked_spam',
        resource_id: null,
        details: { requested: 4, count: 3, changes },
      },
    ]);
  });

  it('a single change outside a bulk action is still audited per enquiry', async () => {
    const [id] = await seedMany(1);
    await admin.rpc('bulk_enquiry_action', { _ids: [id], _action: 'spam' });
    const update = await saveWorkflow(admin, id!, { status: 'new' });
    expect(update.error).toBeNull();
    expect((await bulkAudit()).map((entry) => entry.action)).toEqual([
      'admin_enquiries_marked_spam',
      'admin_enquiry_status_changed',
    ]);
  });
});

describe('delete', () => {
  it('deletes the enquiries with their notes, client addresses and mail, and one audit entry', async () => {
    const ids = await seedMany(3);
    const kept = await seedMany(1);
    // a digest naming a deleted enquiry and a kept one keeps only the kept one
    await backend.sql(
      `insert into private.enquiry_mail_jobs (kind, payload)
       values ('staff_digest', jsonb_build_object('enquiries', jsonb_build_array(
         jsonb_build_object('id', $1::text), jsonb_build_object('id', $2::text))))`,
      [ids[0], kept[0]],
    );

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: [...ids, '00000000-0000-4000-8000-000000000000'],
      _action: 'delete',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      action: 'delete',
      requested: 4,
      count: 3,
      contact_submissions: 3,
      enquiry_notes: 3,
      enquiry_sources: 3,
    });

    expect(await count('public.contact_submissions')).toBe(1);
    expect(await count('public.enquiry_notes where submission_id = any($1::uuid[])', [ids])).toBe(
      0,
    );
    expect(
      await count('private.enquiry_sources where submission_id = any($1::uuid[])', [ids]),
    ).toBe(0);
    expect(
      await count('private.enquiry_mail_jobs where submission_id = any($1::uuid[])', [ids]),
    ).toBe(0);
    const digests = await backend.sql<{ ids: string[] }>(
      `select array(select e ->> 'id' from jsonb_array_elements(payload -> 'enquiries') e) as ids
         from private.enquiry_mail_jobs where kind = 'staff_digest'`,
    );
    expect(digests).toEqual([{ ids: kept }]);

    const audit = await bulkAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'admin_enquiries_deleted',
      resource_id: null,
      details: { requested: 4, count: 3, contact_submissions: 3, enquiry_notes: 3 },
    });
    expect(audit[0]!.details.ids).toEqual(sorted(ids));
  });
});

describe('release', () => {
  it('clears the hold of held enquiries only, queues no mail, one audit entry', async () => {
    await backend.sql('update private.enquiry_limits set enquiries_per_hour = 1');
    try {
      const visitor = anonClient(backend);
      for (let n = 0; n < 3; n += 1) {
        const { error } = await visitor.from('contact_submissions').insert({
          Name: 'Held Visitor',
          Email: `held-${n}@example.com`,
          Company: 'Held Ltd',
          Interest: 'other',
          Timeline: 'exploring',
          Message: 'An enquiry that arrives past the ceiling.',
        });
        expect(error).toBeNull();
      }
    } finally {
      await backend.sql('update private.enquiry_limits set enquiries_per_hour = default');
    }
    const all = await backend.sql<{ id: string }>(
      'select id::text as id from public.contact_submissions',
    );
    const held = await backend.sql<{ id: string }>(
      'select id::text as id from public.contact_submissions where held_at is not null',
    );
    expect(held).toHaveLength(2);
    const jobsBefore = await count('private.enquiry_mail_jobs');

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: all.map((row) => row.id),
      _action: 'release',
    });
    expect(error).toBeNull();
    expect(data).toEqual({ action: 'release', requested: 3, count: 2, skipped: [] });
    expect(await count('public.contact_submissions where held_at is not null')).toBe(0);
    expect(await count('private.enquiry_mail_jobs')).toBe(jobsBefore);
    expect(await bulkAudit()).toEqual([
      {
        action: 'admin_enquiries_released',
        resource_id: null,
        details: {
          requested: 3,
          count: 2,
          ids: sorted(held.map((row) => row.id)),
        },
      },
    ]);
  });
});

describe('assign', () => {
  it('assigns the selected enquiries to a staff member, one audit entry with the ids and who had them', async () => {
    const ids = await seedMany(3);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      colleagueId,
      ids[0],
    ]);
    await backend.sql('delete from public.audit_log');

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'assign',
      _value: colleagueId,
    });
    expect(error).toBeNull();
    const changes = [{ from: null, ids: sorted([ids[1]!, ids[2]!]) }];
    expect(data).toEqual({
      action: 'assign',
      requested: 3,
      count: 2,
      skipped: [],
      assigned_to: colleagueId,
      changes,
    });
    expect(await count('public.contact_submissions where assigned_to = $1', [colleagueId])).toBe(3);
    expect(await bulkAudit()).toEqual([
      {
        action: 'admin_enquiries_assigned',
        resource_id: null,
        details: { requested: 3, count: 2, assigned_to: colleagueId, changes },
      },
    ]);
  });

  it('unassigns with a null value, naming who had each enquiry', async () => {
    const ids = await seedMany(2);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      colleagueId,
      ids[0],
    ]);
    await backend.sql('delete from public.audit_log');

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'assign',
      _value: null,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ requested: 2, count: 1, assigned_to: null });
    expect(await count('public.contact_submissions where assigned_to is null')).toBe(2);
    expect(await bulkAudit()).toEqual([
      {
        action: 'admin_enquiries_assigned',
        resource_id: null,
        details: {
          requested: 2,
          count: 1,
          assigned_to: null,
          changes: [{ from: colleagueId, ids: [ids[0]] }],
        },
      },
    ]);
  });

  it('refuses an assignee who is not staff: a plain user, an unknown id, not an id', async () => {
    const ids = await seedMany(1);
    for (const value of [memberId, '00000000-0000-4000-8000-000000000000', 'Alex Lead']) {
      const { error } = await admin.rpc('bulk_enquiry_action', {
        _ids: ids,
        _action: 'assign',
        _value: value,
      });
      expect(error).toMatchObject({
        code: '22023',
        message: 'Enquiries can only be assigned to staff with the admin role.',
        hint: 'enquiry_bulk_assignee_invalid',
      });
    }
    expect(await count('public.contact_submissions where assigned_to is not null')).toBe(0);
    expect(await bulkAudit()).toEqual([]);
  });
});

describe('rows changed since the list showed them', () => {
  it('a status set from a stale list leaves a colleague’s change and names it; the rest change', async () => {
    const ids = await seedMany(3);
    await backend.sql(
      `insert into public.staff_profiles (user_id, display_name) values ($1, 'Colin League')`,
      [colleagueId],
    );
    // the list showed all three as new; then a colleague set the first to Won.
    await backend.sql(`update public.contact_submissions set status = 'won' where id = $1`, [
      ids[0],
    ]);
    await backend.sql(
      `update public.audit_log set user_id = $1, user_email = $2
        where resource_id = $3 and action = 'admin_enquiry_status_changed'`,
      [colleagueId, COLLEAGUE.email, ids[0]],
    );
    const seen = Object.fromEntries(ids.map((id) => [id, 'new']));
    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'status',
      _value: 'lost',
      _seen: seen,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      requested: 3,
      count: 2,
      skipped: [{ id: ids[0], current: 'won', changed_by: 'Colin League' }],
    });
    const statuses = await backend.sql<{ id: string; status: string }>(
      'select id::text as id, status from public.contact_submissions',
    );
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [ids[0]!]: 'won',
      [ids[1]!]: 'lost',
      [ids[2]!]: 'lost',
    });
  });

  it('assign and spam check what was seen too; a row already as asked is no conflict', async () => {
    const ids = await seedMany(2);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      colleagueId,
      ids[0],
    ]);
    const assigned = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'assign',
      _value: colleagueId,
      _seen: { [ids[0]!]: null, [ids[1]!]: null },
    });
    // the first already had this assignee: nothing to skip, nothing to change.
    expect(assigned.data).toMatchObject({ count: 1, skipped: [] });
    await backend.sql(
      `update public.contact_submissions set status = 'in_progress' where id = $1`,
      [ids[1]],
    );
    const spam = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'spam',
      _seen: { [ids[0]!]: 'new', [ids[1]!]: 'new' },
    });
    expect(spam.data).toMatchObject({
      count: 1,
      skipped: [{ id: ids[1], current: 'in_progress' }],
    });
    const bad = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'spam',
      _seen: ['new'],
    });
    expect(bad.error).toMatchObject({ code: '22023', hint: 'enquiry_bulk_seen_invalid' });
  });
});

describe('status', () => {
  it('sets a workflow status, one audit entry with the ids by their status before', async () => {
    const ids = await seedMany(3);
    await backend.sql(`update public.contact_submissions set status = 'won' where id = $1`, [
      ids[0],
    ]);
    await backend.sql(
      `update public.contact_submissions set status = 'in_progress' where id = $1`,
      [ids[1]],
    );
    await backend.sql('delete from public.audit_log');

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'status',
      _value: 'won',
    });
    expect(error).toBeNull();
    const changes = [
      { from: 'in_progress', ids: [ids[1]] },
      { from: 'new', ids: [ids[2]] },
    ];
    expect(data).toEqual({
      action: 'status',
      requested: 3,
      count: 2,
      skipped: [],
      status: 'won',
      changes,
    });
    expect(await count(`public.contact_submissions where status = 'won'`)).toBe(3);
    expect(await bulkAudit()).toEqual([
      {
        action: 'admin_enquiries_status_set',
        resource_id: null,
        details: { requested: 3, count: 2, status: 'won', changes },
      },
    ]);
  });

  it('refuses spam, no status and an unknown one, and a value for an action that takes none', async () => {
    const ids = await seedMany(1);
    for (const value of ['spam', null, 'closed']) {
      const { error } = await admin.rpc('bulk_enquiry_action', {
        _ids: ids,
        _action: 'status',
        _value: value,
      });
      expect(error).toMatchObject({ code: '22023', hint: 'enquiry_bulk_status_invalid' });
    }
    for (const action of ['spam', 'not_spam', 'release', 'delete']) {
      const { error } = await admin.rpc('bulk_enquiry_action', {
        _ids: ids,
        _action: action,
        _value: 'won',
      });
      expect(error).toMatchObject({
        code: '22023',
        message: 'This action takes no value.',
        hint: 'enquiry_bulk_value_invalid',
      });
    }
    expect(await count(`public.contact_submissions where status = 'new'`)).toBe(1);
    expect(await bulkAudit()).toEqual([]);
  });
});

describe('not spam', () => {
  async function statusOf(id: string): Promise<string> {
    const rows = await backend.sql<{ status: string }>(
      'select status from public.contact_submissions where id = $1',
      [id],
    );
    return rows[0]!.status;
  }

  it('returns only spam enquiries, each to its status before spam when the audit trail knows it, else new', async () => {
    const [inProgress, won, unknown, notSpam, changedTwice] = await seedMany(5);
    const set = (id: string | undefined, status: string) =>
      backend.sql('update public.contact_submissions set status = $2 where id = $1', [id, status]);
    // marked spam one at a time (per-enquiry audit entry) from in progress
    await set(inProgress, 'in_progress');
    await set(inProgress, 'spam');
    // marked spam in bulk from won (the bulk entry names it)
    await set(won, 'won');
    await set(changedTwice, 'spam');
    await set(changedTwice, 'lost');
    await admin.rpc('bulk_enquiry_action', { _ids: [won, changedTwice], _action: 'spam' });
    // spam with nothing in the audit trail (e.g. past its retention)
    await set(unknown, 'spam');
    await backend.sql(`delete from public.audit_log where resource_id = $1`, [unknown]);
    await set(notSpam, 'in_progress');
    const before = (await bulkAudit()).length;

    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: [inProgress, won, unknown, notSpam, changedTwice],
      _action: 'not_spam',
    });
    expect(error).toBeNull();
    const changes = [
      { to: 'in_progress', ids: [inProgress] },
      { to: 'lost', ids: [changedTwice] },
      { to: 'new', ids: [unknown] },
      { to: 'won', ids: [won] },
    ];
    expect(data).toEqual({ action: 'not_spam', requested: 5, count: 4, skipped: [], changes });
    expect(await statusOf(inProgress!)).toBe('in_progress');
    expect(await statusOf(won!)).toBe('won');
    expect(await statusOf(unknown!)).toBe('new');
    expect(await statusOf(changedTwice!)).toBe('lost');
    expect(await statusOf(notSpam!)).toBe('in_progress');

    const audit = await bulkAudit();
    expect(audit.slice(before)).toEqual([
      {
        action: 'admin_enquiries_marked_not_spam',
        resource_id: null,
        details: { requested: 5, count: 4, changes },
      },
    ]);
  });

  it('changes nothing and says so when none of the selected enquiries is spam', async () => {
    const ids = await seedMany(2);
    const { data, error } = await admin.rpc('bulk_enquiry_action', {
      _ids: ids,
      _action: 'not_spam',
    });
    expect(error).toBeNull();
    expect(data).toEqual({ action: 'not_spam', requested: 2, count: 0, skipped: [], changes: [] });
    expect(await count(`public.contact_submissions where status = 'new'`)).toBe(2);
    expect((await bulkAudit()).map((entry) => entry.action)).toEqual([
      'admin_enquiries_marked_not_spam',
    ]);
  });
});
