// The RLS and grant matrix: anon, a signed-in non-admin ("member"), an admin and the service role,
// each trying insert / select / update / delete on contact_submissions, user_roles and audit_log
// through the real supabase-js client. Every outcome is checked against the database afterwards.
// The admin here is a staff admin's real session: password plus a verified TOTP code (aal2).
//
// Refusals by a missing grant or a failed WITH CHECK are 42501, which PostgREST sends as 401 to
// the anon role and 403 to everyone else. Rows hidden by a USING clause are not an error: a
// select returns [] and an update or delete changes nothing.

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
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

let backend: TestBackend;
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;
let service: SupabaseClient;
let memberUser: CreatedUser;
let adminUser: CreatedUser;
let enquiryCounter = 0;

function newEnquiry(label: string) {
  enquiryCounter += 1;
  return {
    Name: `Visitor ${label}`,
    Email: `rls-${enquiryCounter}-${label}@example.com`,
    Company: 'Matrix Ltd',
    Job: null,
    Phone: null,
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: `An enquiry written for the ${label} case.`,
  };
}

/** Stores an enquiry directly (superuser) and returns its id. */
async function seedEnquiry(label: string): Promise<string> {
  const enquiry = newEnquiry(label);
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [
      enquiry.Name,
      enquiry.Email,
      enquiry.Company,
      enquiry.Interest,
      enquiry.Timeline,
      enquiry.Message,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('seedEnquiry: no id returned');
  return id;
}

async function countWhere(table: string, condition: string, params: unknown[]): Promise<number> {
  const rows = await backend.sql<{ count: number }>(
    `select count(*)::int as count from public.${table} where ${condition}`,
    params,
  );
  return rows[0]?.count ?? -1;
}

async function enquiryCompany(id: string): Promise<string | undefined> {
  const rows = await backend.sql<{ Company: string }>(
    'select "Company" from public.contact_submissions where id = $1',
    [id],
  );
  return rows[0]?.Company;
}

async function enquiryStatus(id: string): Promise<string | undefined> {
  const rows = await backend.sql<{ status: string }>(
    'select status from public.contact_submissions where id = $1',
    [id],
  );
  return rows[0]?.status;
}

async function rolesOf(userId: string): Promise<string[]> {
  const rows = await backend.sql<{ role: string }>(
    'select role::text as role from public.user_roles where user_id = $1 order by role',
    [userId],
  );
  return rows.map((row) => row.role);
}

async function seedAuditEntry(userId: string, action: string): Promise<string> {
  const rows = await backend.sql<{ id: string }>(
    `insert into public.audit_log (user_id, action) values ($1, $2) returning id::text as id`,
    [userId, action],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('seedAuditEntry: no id returned');
  return id;
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  service = serviceClient(backend);
  memberUser = await createUser(backend, MEMBER);
  adminUser = await createUser(backend, ADMIN);
  await backend.sql(
    `insert into public.user_roles (user_id, role) values ($1, 'user'), ($2, 'admin')`,
    [memberUser.id, adminUser.id],
  );
  member = await signedInClient(backend, MEMBER.email, MEMBER.password);
  ({ client: admin } = await adminClient(backend, ADMIN.email, ADMIN.password));
});

afterAll(async () => {
  await backend?.stop();
});

describe('contact_submissions', () => {
  describe('insert', () => {
    it('anon may insert an enquiry (201, no body) and it is stored', async () => {
      const enquiry = newEnquiry('anon-insert');
      const { data, error, status } = await anon.from('contact_submissions').insert(enquiry);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();
      expect(await countWhere('contact_submissions', '"Email" = $1', [enquiry.Email])).toBe(1);
    });

    it('anon may not read its insert back: .insert().select() is 42501 (401) and stores nothing', async () => {
      const enquiry = newEnquiry('anon-returning');
      const { data, error, status } = await anon
        .from('contact_submissions')
        .insert(enquiry)
        .select();
      expect(data).toBeNull();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await countWhere('contact_submissions', '"Email" = $1', [enquiry.Email])).toBe(0);
    });

    it('a signed-in non-admin may insert an enquiry', async () => {
      const enquiry = newEnquiry('member-insert');
      const { error, status } = await member.from('contact_submissions').insert(enquiry);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(await countWhere('contact_submissions', '"Email" = $1', [enquiry.Email])).toBe(1);
    });

    it('a non-admin may not read its insert back: 42501 (403) by the read policy, nothing stored', async () => {
      const enquiry = newEnquiry('member-returning');
      const { data, error, status } = await member
        .from('contact_submissions')
        .insert(enquiry)
        .select();
      expect(data).toBeNull();
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe(
        'new row violates row-level security policy for table "contact_submissions"',
      );
      expect(await countWhere('contact_submissions', '"Email" = $1', [enquiry.Email])).toBe(0);
    });

    it('an admin may insert and read the row back', async () => {
      const enquiry = newEnquiry('admin-insert');
      const { data, error, status } = await admin
        .from('contact_submissions')
        .insert(enquiry)
        .select('Email');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([{ Email: enquiry.Email }]);
    });

    it('the service role may insert, including the server-owned columns', async () => {
      const enquiry = { ...newEnquiry('service-insert'), created_at: '2025-01-02T03:04:05Z' };
      const { error, status } = await service.from('contact_submissions').insert(enquiry);
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(
        await countWhere(
          'contact_submissions',
          `"Email" = $1 and created_at = '2025-01-02T03:04:05Z'`,
          [enquiry.Email],
        ),
      ).toBe(1);
    });
  });

  describe('select', () => {
    it('anon may not read enquiries: 42501 (401) permission denied', async () => {
      await seedEnquiry('anon-select');
      const { data, error, status } = await anon.from('contact_submissions').select('*');
      expect(data).toBeNull();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe('permission denied for table contact_submissions');
    });

    it('a signed-in non-admin sees no enquiries ([])', async () => {
      await seedEnquiry('member-select');
      const { data, error, status } = await member.from('contact_submissions').select('*');
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([]);
    });

    it('an admin sees every enquiry, newest first', async () => {
      await seedEnquiry('admin-select');
      const total = await countWhere('contact_submissions', 'true', []);
      const { data, error } = await admin
        .from('contact_submissions')
        .select('*')
        .order('created_at', { ascending: false });
      expect(error).toBeNull();
      expect(data).toHaveLength(total);
      const times = (data ?? []).map((row: { created_at: string }) => Date.parse(row.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // every column of the table, whatever later migrations add
      const columns = await backend.sql<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'contact_submissions'`,
      );
      expect(columns.length).toBeGreaterThanOrEqual(14);
      expect(Object.keys(data?.[0] ?? {}).sort()).toEqual(
        columns.map((column) => column.name).sort(),
      );
    });

    it('the service role sees every enquiry', async () => {
      const total = await countWhere('contact_submissions', 'true', []);
      const { data, error } = await service.from('contact_submissions').select('id');
      expect(error).toBeNull();
      expect(data).toHaveLength(total);
    });
  });

  describe('update', () => {
    it('anon may not update: 42501 (401), row unchanged', async () => {
      const id = await seedEnquiry('anon-update');
      const { error, status } = await anon
        .from('contact_submissions')
        .update({ Company: 'Hijacked' })
        .eq('id', id);
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await enquiryCompany(id)).toBe('Matrix Ltd');
    });

    it('a signed-in non-admin may not update, directly or through the save function: 42501', async () => {
      const id = await seedEnquiry('member-update');
      const { error } = await member
        .from('contact_submissions')
        .update({ status: 'won' })
        .eq('id', id);
      expect(error?.code).toBe('42501');
      const saved = await saveWorkflow(member, id, { status: 'won' });
      expect(saved.error?.code).toBe('42501');
      expect(await enquiryStatus(id)).toBe('new');
    });

    it('an admin changes an enquiry’s workflow through the save function, not directly', async () => {
      const id = await seedEnquiry('admin-update');
      const direct = await admin
        .from('contact_submissions')
        .update({ status: 'in_progress' })
        .eq('id', id);
      expect(direct.error?.code).toBe('42501');
      const { error } = await saveWorkflow(admin, id, { status: 'in_progress' });
      expect(error).toBeNull();
      expect(await enquiryStatus(id)).toBe('in_progress');
    });

    it('what the visitor wrote is not an admin’s to change: 42501, row unchanged', async () => {
      const id = await seedEnquiry('admin-visitor-columns');
      for (const change of [{ Company: 'Renamed Ltd' }, { Email: 'someone@else.example' }]) {
        const { error } = await admin.from('contact_submissions').update(change).eq('id', id);
        expect(error?.code).toBe('42501');
      }
      expect(await enquiryCompany(id)).toBe('Matrix Ltd');
    });

    it('an admin’s save is still held to the table’s rules (23514)', async () => {
      const id = await seedEnquiry('admin-bad-update');
      const { error } = await saveWorkflow(admin, id, { status: 'archived' });
      expect(error?.code).toBe('23514');
      expect(await enquiryStatus(id)).toBe('new');
    });

    it('the service role may update an enquiry', async () => {
      const id = await seedEnquiry('service-update');
      const { error } = await service
        .from('contact_submissions')
        .update({ Company: 'Service Ltd' })
        .eq('id', id);
      expect(error).toBeNull();
      expect(await enquiryCompany(id)).toBe('Service Ltd');
    });
  });

  describe('delete', () => {
    it('anon may not delete: 42501 (401), row kept', async () => {
      const id = await seedEnquiry('anon-delete');
      const { error, status } = await anon.from('contact_submissions').delete().eq('id', id);
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await countWhere('contact_submissions', 'id = $1', [id])).toBe(1);
    });

    it('a signed-in non-admin deletes nothing (no error, 0 rows)', async () => {
      const id = await seedEnquiry('member-delete');
      const { error } = await member.from('contact_submissions').delete().eq('id', id);
      expect(error).toBeNull();
      expect(await countWhere('contact_submissions', 'id = $1', [id])).toBe(1);
    });

    it('an admin may delete an enquiry', async () => {
      const id = await seedEnquiry('admin-delete');
      const { error } = await admin.from('contact_submissions').delete().eq('id', id);
      expect(error).toBeNull();
      expect(await countWhere('contact_submissions', 'id = $1', [id])).toBe(0);
    });

    it('the service role may delete an enquiry', async () => {
      const id = await seedEnquiry('service-delete');
      const { error } = await service.from('contact_submissions').delete().eq('id', id);
      expect(error).toBeNull();
      expect(await countWhere('contact_submissions', 'id = $1', [id])).toBe(0);
    });
  });

  it('user_metadata cannot make anyone an admin', async () => {
    const credentials = { email: 'pretender@example.com', password: 'pretender-password-1' };
    await createUser(backend, { ...credentials, userMetadata: { role: 'admin', is_admin: true } });
    const pretender = await signedInClient(backend, credentials.email, credentials.password);
    await seedEnquiry('pretender');

    const { data, error } = await pretender.from('contact_submissions').select('*');

    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('user_roles', () => {
  describe('select', () => {
    it('anon may not read roles: 42501 (401)', async () => {
      const { data, error, status } = await anon.from('user_roles').select('*');
      expect(data).toBeNull();
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('a signed-in user sees only their own roles', async () => {
      const { data, error } = await member.from('user_roles').select('user_id, role');
      expect(error).toBeNull();
      expect(data).toEqual([{ user_id: memberUser.id, role: 'user' }]);
    });

    it("a signed-in user cannot look up someone else's role", async () => {
      const { data, error } = await member
        .from('user_roles')
        .select('role')
        .eq('user_id', adminUser.id);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    });

    it('an admin also sees only their own roles (role data is not an admin listing)', async () => {
      const { data, error } = await admin.from('user_roles').select('user_id, role');
      expect(error).toBeNull();
      expect(data).toEqual([{ user_id: adminUser.id, role: 'admin' }]);
    });

    it('the role lookup the app makes (.maybeSingle()) answers admin for an admin', async () => {
      const { data, error } = await admin
        .from('user_roles')
        .select('role')
        .eq('user_id', adminUser.id)
        .maybeSingle();
      expect(error).toBeNull();
      expect(data).toEqual({ role: 'admin' });
    });

    it('the service role sees every role', async () => {
      const total = await countWhere('user_roles', 'true', []);
      const { data, error } = await service.from('user_roles').select('*');
      expect(error).toBeNull();
      expect(data).toHaveLength(total);
      expect(total).toBeGreaterThanOrEqual(2);
    });
  });

  describe('insert: only the service role assigns roles', () => {
    it('anon may not assign a role: 42501 (401)', async () => {
      const { error, status } = await anon
        .from('user_roles')
        .insert({ user_id: memberUser.id, role: 'admin' });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await rolesOf(memberUser.id)).toEqual(['user']);
    });

    it('a signed-in user may not make themselves admin: 42501 (403)', async () => {
      const { error, status } = await member
        .from('user_roles')
        .insert({ user_id: memberUser.id, role: 'admin' });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(await rolesOf(memberUser.id)).toEqual(['user']);
    });

    it('an admin may not assign roles through the API either: 42501 (403)', async () => {
      const { error, status } = await admin
        .from('user_roles')
        .insert({ user_id: memberUser.id, role: 'admin' });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(await rolesOf(memberUser.id)).toEqual(['user']);
    });

    it('the service role may assign a role; a duplicate is 23505 (409)', async () => {
      const extra = await createUser(backend, {
        email: 'promoted@example.com',
        password: 'promoted-password-1',
      });
      const first = await service.from('user_roles').insert({ user_id: extra.id, role: 'admin' });
      expect(first.error).toBeNull();
      expect(first.status).toBe(201);
      expect(await rolesOf(extra.id)).toEqual(['admin']);

      const again = await service.from('user_roles').insert({ user_id: extra.id, role: 'admin' });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('23505');
      expect(await rolesOf(extra.id)).toEqual(['admin']);
    });
  });

  describe('update', () => {
    it.each([
      { who: 'anon', status: 401 },
      { who: 'member', status: 403 },
      { who: 'admin', status: 403 },
    ] as const)(
      '$who may not change a role: 42501 ($status)',
      async ({ who, status: expected }) => {
        const client = { anon, member, admin }[who];
        const { error, status } = await client
          .from('user_roles')
          .update({ role: 'admin' })
          .eq('user_id', memberUser.id);
        expect(status).toBe(expected);
        expect(error?.code).toBe('42501');
        expect(await rolesOf(memberUser.id)).toEqual(['user']);
      },
    );

    it('the service role may change a role', async () => {
      const extra = await createUser(backend, {
        email: 'changed@example.com',
        password: 'changed-password-1',
      });
      await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'user')`, [
        extra.id,
      ]);
      const { error } = await service
        .from('user_roles')
        .update({ role: 'admin' })
        .eq('user_id', extra.id);
      expect(error).toBeNull();
      expect(await rolesOf(extra.id)).toEqual(['admin']);
    });
  });

  describe('delete', () => {
    it.each([
      { who: 'anon', status: 401 },
      { who: 'member', status: 403 },
      { who: 'admin', status: 403 },
    ] as const)(
      '$who may not remove a role: 42501 ($status)',
      async ({ who, status: expected }) => {
        const client = { anon, member, admin }[who];
        const { error, status } = await client
          .from('user_roles')
          .delete()
          .eq('user_id', adminUser.id);
        expect(status).toBe(expected);
        expect(error?.code).toBe('42501');
        expect(await rolesOf(adminUser.id)).toEqual(['admin']);
      },
    );

    it('the service role may remove a role', async () => {
      const extra = await createUser(backend, {
        email: 'demoted@example.com',
        password: 'demoted-password-1',
      });
      await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
        extra.id,
      ]);
      const { error } = await service.from('user_roles').delete().eq('user_id', extra.id);
      expect(error).toBeNull();
      expect(await rolesOf(extra.id)).toEqual([]);
    });
  });

  it('roles go with the user when the user is deleted (on delete cascade)', async () => {
    const extra = await createUser(backend, {
      email: 'leaver@example.com',
      password: 'leaver-password-1',
    });
    await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      extra.id,
    ]);
    await backend.sql('delete from auth.users where id = $1', [extra.id]);
    expect(await rolesOf(extra.id)).toEqual([]);
  });
});

describe('audit_log', () => {
  describe('insert', () => {
    it('anon may not write the audit log: 42501 (401)', async () => {
      const { error, status } = await anon
        .from('audit_log')
        .insert({ action: 'auth_sign_in_failed' });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(await countWhere('audit_log', `action = 'auth_sign_in_failed'`, [])).toBe(0);
    });

    it('a signed-in user records an action about themselves; user_id and created_at are filled in', async () => {
      const entry = {
        action: 'contact_form_submitted',
        user_email: MEMBER.email,
        resource: 'contact_submissions',
        details: { interest: 'ai-ml', timeline: 'exploring' },
        user_agent: 'vitest',
      };
      const { error, status } = await member.from('audit_log').insert(entry);
      expect(error).toBeNull();
      expect(status).toBe(201);
      const rows = await backend.sql<{ user_id: string; details: unknown; recent: boolean }>(
        `select user_id::text as user_id, details, created_at > now() - interval '1 minute' as recent
           from public.audit_log where action = 'contact_form_submitted'`,
      );
      expect(rows).toEqual([{ user_id: memberUser.id, details: entry.details, recent: true }]);
    });

    it('a signed-in user may not record an action as someone else: 42501 (403)', async () => {
      const { error, status } = await member
        .from('audit_log')
        .insert({ action: 'auth_staff_sign_out', user_id: adminUser.id });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(await countWhere('audit_log', `action = 'auth_staff_sign_out'`, [])).toBe(0);
    });

    it('a signed-in user may not write an admin_* entry, even about themselves: 42501 (403)', async () => {
      const { error, status } = await member
        .from('audit_log')
        .insert({ action: 'admin_subject_erasure', details: { subject: 'someone@example.com' } });
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', hint: 'audit_log_action_not_allowed' });
      expect(await countWhere('audit_log', `action = 'admin_subject_erasure'`, [])).toBe(0);
    });

    it("a signed-in user may not put someone else's e-mail on an entry: 42501 (403)", async () => {
      const { error, status } = await member
        .from('audit_log')
        .insert({ action: 'auth_sign_in_success', user_email: ADMIN.email });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(
        await countWhere('audit_log', `action = 'auth_sign_in_success' and user_email = $1`, [
          ADMIN.email,
        ]),
      ).toBe(0);
    });

    it('a signed-in user may not set created_at: 42501 (403)', async () => {
      const { error, status } = await member
        .from('audit_log')
        .insert({ action: 'auth_sign_in_success', created_at: '2020-01-01T00:00:00Z' });
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    });

    it('an action the site does not log from a browser is refused: 42501 (403)', async () => {
      const { error, status } = await member.from('audit_log').insert({ action: 'drop_tables' });
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', hint: 'audit_log_action_not_allowed' });
      expect(await countWhere('audit_log', `action = 'drop_tables'`, [])).toBe(0);
    });

    it('a non-admin may not read an entry back: .insert().select() is 42501 (403)', async () => {
      const { error, status } = await member
        .from('audit_log')
        .insert({ action: 'auth_mfa_verified' })
        .select();
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
      expect(await countWhere('audit_log', `action = 'auth_mfa_verified'`, [])).toBe(0);
    });

    it('an admin records their own browser events, but no admin_* entry', async () => {
      const signOut = await admin.from('audit_log').insert({ action: 'auth_staff_sign_out' });
      expect(signOut.error).toBeNull();
      expect(
        await countWhere('audit_log', `action = 'auth_staff_sign_out' and user_id = $1`, [
          adminUser.id,
        ]),
      ).toBe(1);

      const { error, status } = await admin
        .from('audit_log')
        .insert({ action: 'admin_viewed_submissions' });
      expect(status).toBe(403);
      expect(error?.hint).toBe('audit_log_action_not_allowed');
      expect(await countWhere('audit_log', `action = 'admin_viewed_submissions'`, [])).toBe(0);
    });

    it('the service role may write any entry', async () => {
      const { error } = await service
        .from('audit_log')
        .insert({ action: 'admin_role_granted', user_id: null });
      expect(error).toBeNull();
      expect(await countWhere('audit_log', `action = 'admin_role_granted'`, [])).toBe(1);
    });

    it('an action outside admin_/auth_/contact_ is refused by audit_log_action_format even for the service role (23514)', async () => {
      const { error, status } = await service.from('audit_log').insert({ action: 'drop_tables' });
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('audit_log_action_format');
    });
  });

  describe('select', () => {
    it('anon may not read the audit log: 42501 (401)', async () => {
      const { error, status } = await anon.from('audit_log').select('*');
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('a signed-in non-admin sees nothing, not even their own entries', async () => {
      await seedAuditEntry(memberUser.id, 'auth_sign_in_success');
      const { data, error } = await member.from('audit_log').select('*');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    });

    it('an admin sees every entry', async () => {
      const total = await countWhere('audit_log', 'true', []);
      const { data, error } = await admin.from('audit_log').select('*');
      expect(error).toBeNull();
      expect(data).toHaveLength(total);
      expect(total).toBeGreaterThan(1);
    });

    it('the service role sees every entry', async () => {
      const total = await countWhere('audit_log', 'true', []);
      const { data, error } = await service.from('audit_log').select('id');
      expect(error).toBeNull();
      expect(data).toHaveLength(total);
    });
  });

  describe('update and delete: append-only except for the service role', () => {
    it.each([
      { who: 'anon', status: 401 },
      { who: 'member', status: 403 },
      { who: 'admin', status: 403 },
    ] as const)(
      '$who may neither edit nor delete an entry: 42501 ($status)',
      async ({ who, status: expected }) => {
        const id = await seedAuditEntry(memberUser.id, 'auth_sign_up_success');
        const client = { anon, member, admin }[who];

        const edit = await client
          .from('audit_log')
          .update({ action: 'auth_nothing_happened' })
          .eq('id', id);
        expect(edit.status).toBe(expected);
        expect(edit.error?.code).toBe('42501');

        const removal = await client.from('audit_log').delete().eq('id', id);
        expect(removal.status).toBe(expected);
        expect(removal.error?.code).toBe('42501');

        expect(
          await countWhere('audit_log', `id = $1 and action = 'auth_sign_up_success'`, [id]),
        ).toBe(1);
      },
    );

    it('the service role may edit and delete an entry', async () => {
      const id = await seedAuditEntry(memberUser.id, 'auth_sign_up_error');
      const edit = await service.from('audit_log').update({ resource: 'auth' }).eq('id', id);
      expect(edit.error).toBeNull();
      expect(await countWhere('audit_log', `id = $1 and resource = 'auth'`, [id])).toBe(1);

      const removal = await service.from('audit_log').delete().eq('id', id);
      expect(removal.error).toBeNull();
      expect(await countWhere('audit_log', 'id = $1', [id])).toBe(0);
    });
  });

  it('entries outlive their user: user_id becomes null, the e-mail stays', async () => {
    const leaver = await createUser(backend, {
      email: 'audited-leaver@example.com',
      password: 'leaver-password-2',
    });
    await backend.sql(
      `insert into public.audit_log (user_id, user_email, action) values ($1, $2, 'auth_sign_out')`,
      [leaver.id, leaver.email],
    );
    await backend.sql('delete from auth.users where id = $1', [leaver.id]);
    expect(
      await countWhere('audit_log', `user_email = $1 and user_id is null`, [leaver.email]),
    ).toBe(1);
  });
});

describe('public.record_enquiry_export: the only way an admin_* entry comes from the browser', () => {
  it.each([
    { who: 'anon', status: 401 },
    { who: 'member', status: 403 },
  ] as const)('$who may not call it: 42501 ($status), nothing stored', async ({ who, status }) => {
    const client = { anon, member }[who];
    const answer = await client.rpc('record_enquiry_export', { exported: 3 });
    expect(answer.status).toBe(status);
    expect(answer.error?.code).toBe('42501');
    expect(await countWhere('audit_log', `action = 'admin_export_submissions'`, [])).toBe(0);
  });

  it('an admin (aal2) records an export under their own id', async () => {
    const { error } = await admin.rpc('record_enquiry_export', { exported: 3, searched: true });
    expect(error).toBeNull();
    expect(
      await countWhere(
        'audit_log',
        `action = 'admin_export_submissions' and user_id = $1 and user_email = $2`,
        [adminUser.id, ADMIN.email],
      ),
    ).toBe(1);
  });
});

describe('private.has_role is not part of the API', () => {
  it.each(['anon', 'member'] as const)(
    '%s cannot call has_role at /rest/v1/rpc: no such function in public (PGRST202, 404)',
    async (who) => {
      const client = { anon, member }[who];
      const { data, error, status } = await client.rpc('has_role', {
        _user_id: adminUser.id,
        _role: 'admin',
      });
      expect(data).toBeNull();
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST202');
    },
  );

  it.each(['anon', 'member'] as const)(
    '%s cannot reach the private schema through the API (PGRST106, 406)',
    async (who) => {
      const client = { anon, member }[who];
      const { data, error, status } = await client
        .schema('private')
        .rpc('has_role', { _user_id: adminUser.id, _role: 'admin' });
      expect(data).toBeNull();
      expect(status).toBe(406);
      expect(error?.code).toBe('PGRST106');
    },
  );

  it('execute is granted to authenticated (for policies) and service_role only', async () => {
    const rows = await backend.sql<{ role: string; can_execute: boolean }>(
      `select api_role as role,
              has_function_privilege(api_role, 'private.has_role(uuid, public.app_role)', 'execute') as can_execute
         from unnest(array['anon', 'authenticated', 'service_role']) as api_role
        order by api_role`,
    );
    expect(rows).toEqual([
      { role: 'anon', can_execute: false },
      { role: 'authenticated', can_execute: true },
      { role: 'service_role', can_execute: true },
    ]);
    const publicGrant = await backend.sql<{ granted: boolean }>(
      `select exists (
         select 1 from pg_catalog.pg_proc p, aclexplode(p.proacl) as acl
          where p.oid = 'private.has_role(uuid, public.app_role)'::regprocedure
            and acl.grantee = 0 and acl.privilege_type = 'EXECUTE'
       ) as granted`,
    );
    expect(publicGrant).toEqual([{ granted: false }]);
  });

  it('anon has no usage on the private schema', async () => {
    const rows = await backend.sql<{ anon: boolean; authenticated: boolean }>(
      `select has_schema_privilege('anon', 'private', 'usage') as anon,
              has_schema_privilege('authenticated', 'private', 'usage') as authenticated`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: true }]);
  });
});
