// The enquiry workflow (status, assignee, last-contacted date, notes) through the real supabase-js:
// who may read and change it, the constraints, and the audit rows the triggers write. Audit rows
// are checked exactly, per enquiry, straight from the database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { adminClient } from './support/admin.ts';
import { saveWorkflow } from './support/workflow.ts';

const MEMBER = { email: 'member@example.com', password: 'member-password-1' };
const ADMIN = { email: 'ada.admin@example.com', password: 'admin-password-1' };
const OTHER_ADMIN = { email: 'bob.admin@example.com', password: 'admin-password-2' };

let backend: TestBackend;
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;
let service: SupabaseClient;
let memberUser: CreatedUser;
let adminUser: CreatedUser;
let otherAdminUser: CreatedUser;
let counter = 0;

function formFields(label: string) {
  counter += 1;
  return {
    Name: `Visitor ${label}`,
    Email: `workflow-${counter}@example.com`,
    Company: 'Workflow Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: `An enquiry for the ${label} case.`,
  };
}

async function seedEnquiry(label: string, createdAt?: string, status = 'new'): Promise<string> {
  const fields = formFields(label);
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, status)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), $8) returning id::text as id`,
    [
      fields.Name,
      fields.Email,
      fields.Company,
      fields.Interest,
      fields.Timeline,
      fields.Message,
      createdAt ?? null,
      status,
    ],
  );
  return rows[0]!.id;
}

type Workflow = { status: string; assigned_to: string | null; last_contacted_at: string | null };

async function workflowOf(id: string): Promise<Workflow | undefined> {
  const rows = await backend.sql<Workflow>(
    `select status, assigned_to::text as assigned_to, last_contacted_at::text as last_contacted_at
       from public.contact_submissions where id = $1`,
    [id],
  );
  return rows[0];
}

type AuditRow = {
  action: string;
  user_id: string | null;
  user_email: string | null;
  resource: string;
  details: Record<string, unknown>;
};

async function auditOf(id: string): Promise<AuditRow[]> {
  return backend.sql<AuditRow>(
    `select action, user_id::text as user_id, user_email, resource, details
       from public.audit_log where resource_id = $1 order by created_at, action`,
    [id],
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  service = serviceClient(backend);
  memberUser = await createUser(backend, MEMBER);
  adminUser = await createUser(backend, ADMIN);
  otherAdminUser = await createUser(backend, OTHER_ADMIN);
  await backend.sql(
    `insert into public.user_roles (user_id, role) values ($1, 'admin'), ($2, 'admin'), ($3, 'user')`,
    [adminUser.id, otherAdminUser.id, memberUser.id],
  );
  member = await signedInClient(backend, MEMBER.email, MEMBER.password);
  ({ client: admin } = await adminClient(backend, ADMIN.email, ADMIN.password));
});

afterAll(async () => {
  await backend?.stop();
});

describe('visitors', () => {
  it('insert the form columns only, and the enquiry starts as new, unassigned, never contacted', async () => {
    const fields = formFields('visitor');
    const { error } = await anon.from('contact_submissions').insert(fields);
    expect(error).toBeNull();
    const rows = await backend.sql<Workflow>(
      `select status, assigned_to, last_contacted_at from public.contact_submissions where "Email" = $1`,
      [fields.Email],
    );
    expect(rows).toEqual([{ status: 'new', assigned_to: null, last_contacted_at: null }]);
  });

  it.each([
    ['status', 'won'],
    ['assigned_to', '00000000-0000-0000-0000-000000000001'],
    ['last_contacted_at', '2026-01-01T00:00:00Z'],
  ])('cannot set %s on insert, as anon or signed in', async (column, value) => {
    for (const client of [anon, member]) {
      const fields = { ...formFields(`set-${column}`), [column]: value };
      const { error, status } = await client.from('contact_submissions').insert(fields);
      expect(error?.code).toBe('42501');
      expect(status).toBe(client === anon ? 401 : 403);
      expect(
        await backend.sql('select 1 from public.contact_submissions where "Email" = $1', [
          fields.Email,
        ]),
      ).toEqual([]);
    }
  });
});

describe('anon and signed-in non-admins', () => {
  it('cannot read workflow columns or notes', async () => {
    const id = await seedEnquiry('hidden');
    await backend.sql(
      `insert into public.enquiry_notes (submission_id, body) values ($1, 'Private note')`,
      [id],
    );
    const anonRead = await anon.from('contact_submissions').select('id, status').eq('id', id);
    expect(anonRead.error?.code).toBe('42501');
    const memberRead = await member.from('contact_submissions').select('id, status, assigned_to');
    expect(memberRead.error).toBeNull();
    expect(memberRead.data).toEqual([]);
    const anonNotes = await anon.from('enquiry_notes').select('*');
    expect(anonNotes.error?.code).toBe('42501');
    const memberNotes = await member.from('enquiry_notes').select('*');
    expect(memberNotes.error).toBeNull();
    expect(memberNotes.data).toEqual([]);
  });

  it('cannot change status, assignee or last-contacted date, and nothing is audited', async () => {
    const id = await seedEnquiry('untouchable');
    for (const change of [
      { status: 'spam' },
      { assigned_to: memberUser.id },
      { last_contacted_at: new Date().toISOString() },
    ]) {
      for (const client of [anon, member]) {
        const direct = await client.from('contact_submissions').update(change).eq('id', id);
        expect(direct.error?.code).toBe('42501');
        const saved = await saveWorkflow(client, id, change);
        expect(saved.error?.code).toBe('42501');
      }
    }
    expect(await workflowOf(id)).toEqual({
      status: 'new',
      assigned_to: null,
      last_contacted_at: null,
    });
    expect(await auditOf(id)).toEqual([]);
  });

  it('cannot add notes', async () => {
    const id = await seedEnquiry('no-notes');
    const anonInsert = await anon.from('enquiry_notes').insert({ submission_id: id, body: 'Hi' });
    expect(anonInsert.error?.code).toBe('42501');
    expect(anonInsert.status).toBe(401);
    const memberInsert = await member
      .from('enquiry_notes')
      .insert({ submission_id: id, body: 'Hi' });
    expect(memberInsert.error?.code).toBe('42501');
    expect(memberInsert.status).toBe(403);
    expect(
      await backend.sql('select 1 from public.enquiry_notes where submission_id = $1', [id]),
    ).toEqual([]);
  });

  it('cannot call list_staff or enquiry_overview', async () => {
    for (const fn of ['list_staff', 'enquiry_overview'] as const) {
      const asAnon = await anon.rpc(fn);
      expect(asAnon.error?.code).toBe('42501');
      expect(asAnon.status).toBe(401);
      const asMember = await member.rpc(fn);
      expect(asMember.error?.code).toBe('42501');
      expect(asMember.status).toBe(403);
      expect(asMember.data).toBeNull();
    }
  });
});

describe('admins', () => {
  it('change the status, and one audit row records who, from and to', async () => {
    const id = await seedEnquiry('status');
    const { data, error } = await saveWorkflow(admin, id, { status: 'in_progress' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, status: 'in_progress' });
    expect(await auditOf(id)).toEqual([
      {
        action: 'admin_enquiry_status_changed',
        user_id: adminUser.id,
        user_email: ADMIN.email,
        resource: 'contact_submissions',
        details: { from: 'new', to: 'in_progress' },
      },
    ]);
  });

  it('an update that leaves the workflow as it is writes no audit row', async () => {
    const id = await seedEnquiry('same');
    const { error } = await saveWorkflow(admin, id, { status: 'new' });
    expect(error).toBeNull();
    expect(await auditOf(id)).toEqual([]);
  });

  it('refuse an unknown status by its constraint', async () => {
    const id = await seedEnquiry('bad-status');
    const { error } = await saveWorkflow(admin, id, { status: 'closed' });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('contact_submissions_status_valid');
    expect(await auditOf(id)).toEqual([]);
  });

  it('assign to a staff member and unassign, each audited; a non-staff assignee is refused', async () => {
    const id = await seedEnquiry('assign');
    const assign = await saveWorkflow(admin, id, { assigned_to: otherAdminUser.id });
    expect(assign.error).toBeNull();
    const refused = await saveWorkflow(admin, id, { assigned_to: memberUser.id });
    expect(refused.error).toMatchObject({
      code: 'P0001',
      message: 'Enquiries can only be assigned to staff with the admin role.',
      hint: 'contact_submissions_assignee_not_staff',
    });
    const unassign = await saveWorkflow(admin, id, { assigned_to: null });
    expect(unassign.error).toBeNull();
    expect((await workflowOf(id))?.assigned_to).toBeNull();
    expect((await auditOf(id)).map(({ action, details }) => ({ action, details }))).toEqual([
      { action: 'admin_enquiry_assigned', details: { from: null, to: otherAdminUser.id } },
      { action: 'admin_enquiry_assigned', details: { from: otherAdminUser.id, to: null } },
    ]);
  });

  it('set the last-contacted date (audited), but not a future one', async () => {
    const id = await seedEnquiry('contacted');
    const when = '2026-11-20T00:00:00.000Z';
    const set = await saveWorkflow(admin, id, { last_contacted_at: when });
    expect(set.error).toBeNull();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const refused = await saveWorkflow(admin, id, { last_contacted_at: future });
    expect(refused.error).toMatchObject({
      code: 'P0001',
      hint: 'contact_submissions_last_contacted_future',
    });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'admin_enquiry_last_contacted_set',
      user_id: adminUser.id,
    });
    expect(audit[0]!.details.from).toBeNull();
    expect(new Date(String(audit[0]!.details.to)).toISOString()).toBe(when);
  });

  it('add notes stamped with their own id and e-mail; the audit row holds the note id, not its text', async () => {
    const id = await seedEnquiry('notes');
    const { data, error } = await admin
      .from('enquiry_notes')
      .insert({ submission_id: id, body: 'Called them; a proposal goes out on Friday.' })
      .select('id, author_id, author_email, body');
    expect(error).toBeNull();
    const note = data![0]!;
    expect(note).toMatchObject({
      author_id: adminUser.id,
      author_email: ADMIN.email,
      body: 'Called them; a proposal goes out on Friday.',
    });
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        action: 'admin_enquiry_note_added',
        user_id: adminUser.id,
        user_email: ADMIN.email,
        resource: 'contact_submissions',
        details: { note_id: note.id },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('proposal');
  });

  it('cannot write a note as someone else', async () => {
    const id = await seedEnquiry('forged');
    const { error } = await admin
      .from('enquiry_notes')
      .insert({ submission_id: id, body: 'Forged', author_id: otherAdminUser.id } as never);
    expect(error?.code).toBe('42501');
  });

  it.each([
    ['empty', ''],
    ['untrimmed', ' padded '],
    ['too long', 'x'.repeat(5001)],
  ])('refuse a note that is %s', async (_label, body) => {
    const id = await seedEnquiry('bad-note');
    const { error } = await admin.from('enquiry_notes').insert({ submission_id: id, body });
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/enquiry_notes_body_(trimmed|length)/);
  });

  it('accept a note of exactly 5000 characters', async () => {
    const id = await seedEnquiry('long-note');
    const { error } = await admin
      .from('enquiry_notes')
      .insert({ submission_id: id, body: 'y'.repeat(5000) });
    expect(error).toBeNull();
  });

  it('list the staff (admins only, with e-mails and names, none set here)', async () => {
    const { data, error } = await admin.rpc('list_staff');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: adminUser.id, email: ADMIN.email, display_name: null },
      { id: otherAdminUser.id, email: OTHER_ADMIN.email, display_name: null },
    ]);
  });

  it('delete an enquiry: its notes go with it and the deletion is audited', async () => {
    const id = await seedEnquiry('deleted', undefined, 'spam');
    await admin.from('enquiry_notes').insert({ submission_id: id, body: 'Spam, removing.' });
    const { error } = await admin.from('contact_submissions').delete().eq('id', id);
    expect(error).toBeNull();
    expect(
      await backend.sql('select 1 from public.enquiry_notes where submission_id = $1', [id]),
    ).toEqual([]);
    expect((await auditOf(id)).map(({ action }) => action)).toEqual([
      'admin_enquiry_note_added',
      'admin_enquiry_deleted',
    ]);
    expect((await auditOf(id))[1]).toMatchObject({
      user_id: adminUser.id,
      details: { status: 'spam' },
    });
  });
});

describe('notes are append-only', () => {
  it('nobody updates or deletes a note, the service role included', async () => {
    const id = await seedEnquiry('append-only');
    const { data } = await admin
      .from('enquiry_notes')
      .insert({ submission_id: id, body: 'Original text' })
      .select('id');
    const noteId = data![0]!.id as string;
    for (const client of [admin, service]) {
      const update = await client
        .from('enquiry_notes')
        .update({ body: 'Rewritten' })
        .eq('id', noteId);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('enquiry_notes').delete().eq('id', noteId);
      expect(remove.error?.code).toBe('42501');
    }
    const rows = await backend.sql<{ body: string }>(
      'select body from public.enquiry_notes where id = $1',
      [noteId],
    );
    expect(rows).toEqual([{ body: 'Original text' }]);
  });
});

describe('the service role', () => {
  it('changes are audited too, with a null user', async () => {
    const id = await seedEnquiry('service');
    const { error } = await service
      .from('contact_submissions')
      .update({ status: 'won', assigned_to: adminUser.id })
      .eq('id', id);
    expect(error).toBeNull();
    const audit = await auditOf(id);
    expect(audit).toEqual([
      {
        action: 'admin_enquiry_assigned',
        user_id: null,
        user_email: null,
        resource: 'contact_submissions',
        details: { from: null, to: adminUser.id },
      },
      {
        action: 'admin_enquiry_status_changed',
        user_id: null,
        user_email: null,
        resource: 'contact_submissions',
        details: { from: 'new', to: 'won' },
      },
    ]);
  });
});

describe('enquiry_overview', () => {
  it('counts every enquiry, not a page: periods, open and closed, statuses, 12 weeks by interest', async () => {
    const before = await admin.rpc('enquiry_overview');
    expect(before.error).toBeNull();
    const base = before.data as Record<string, number>;
    const [clock] = await backend.sql<{ since: string }>(
      `select to_json(clock_timestamp()) #>> '{}' as since`,
    );
    const since = clock!.since;
    await seedEnquiry('overview-now');
    await seedEnquiry('overview-won', undefined, 'won');
    // 20 weeks ago: outside the chart, inside the totals.
    await seedEnquiry(
      'overview-old',
      new Date(Date.now() - 140 * 86_400_000).toISOString(),
      'lost',
    );

    const { data, error } = await admin.rpc('enquiry_overview', { _since: since });
    expect(error).toBeNull();
    const overview = data as {
      this_week: number;
      this_month: number;
      previous_week: number;
      open: number;
      closed: number;
      total: number;
      arrived_since: number;
      latest_created_at: string;
      by_status: Record<string, number>;
      weekly: { week_start: string; total: number; by_interest: Record<string, number> }[];
    };
    expect(overview.total).toBe(base.total! + 3);
    expect(overview.this_week).toBe(base.this_week! + 2);
    expect(overview.this_month).toBe(base.this_month! + 2);
    expect(overview.arrived_since).toBe(2);
    expect(overview.open).toBe(base.open! + 1);
    expect(overview.closed).toBe(base.closed! + 2);
    // spam is neither open nor closed
    expect(overview.open + overview.closed + (overview.by_status.spam ?? 0)).toBe(overview.total);
    const statusSum = Object.values(overview.by_status).reduce((sum, n) => sum + n, 0);
    expect(statusSum).toBe(overview.total);
    expect(overview.by_status.won).toBeGreaterThanOrEqual(1);

    expect(overview.weekly).toHaveLength(12);
    const weeks = overview.weekly.map((week) => week.week_start);
    for (const week of weeks) expect(new Date(`${week}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks).toEqual([...weeks].sort());
    const current = overview.weekly.at(-1)!;
    expect(current.total).toBe(overview.this_week);
    expect(current.by_interest.analytics).toBe(overview.this_week);
    const charted = overview.weekly.reduce((sum, week) => sum + week.total, 0);
    expect(charted).toBeLessThan(overview.total);
    expect(new Date(overview.latest_created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(since).getTime(),
    );
  });
});
