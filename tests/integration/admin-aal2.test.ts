// The database asks for the second factor, not only the UI: an admin signed in with the password
// alone (an aal1 token) reads no enquiry, note or audit entry, changes nothing, adds no note and is
// refused by every admin RPC, while still able to ask "am I an admin?" (the UI needs that before
// the code step). The same session, once it verifies its TOTP code (aal2), does all of it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { totpCode } from './support/mfa.ts';
import { seedEnquiry } from './support/privacy.ts';
import type { SeededEnquiry } from './support/privacy.ts';
import { saveWorkflow } from './support/workflow.ts';

const ADMIN = { email: 'aal.admin@example.com', password: 'aal-admin-password-1' };
const MEMBER = { email: 'aal.member@example.com', password: 'aal-member-password-1' };
const SUBJECT = 'aal.subject@example.com';

let backend: TestBackend;
let adminUser: CreatedUser;
let secret: string;
let member: CreatedUser;
/** Signed in with the password only; raised to aal2 in the last block. */
let session: SupabaseClient;
let workedEnquiry: SeededEnquiry;
let subjectEnquiry: SeededEnquiry;
let failedJobId: string;

const tables = ['contact_submissions', 'enquiry_notes', 'audit_log'] as const;

const rpcs: [string, Record<string, unknown>][] = [
  ['list_staff', {}],
  ['enquiry_overview', {}],
  ['enquiry_dashboard_figures', {}],
  ['list_failed_enquiry_mail', {}],
  ['retry_failed_enquiry_mail', { job_id: '00000000-0000-4000-8000-000000000000' }],
  ['subject_access', { _email: SUBJECT }],
  ['erase_subject_data', { _email: SUBJECT }],
  ['staff_access', {}],
  ['grant_admin_role', { _email: MEMBER.email }],
  ['revoke_admin_role', { _email: ADMIN.email }],
];

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const rows = await backend.sql<{ n: number }>(`select count(*)::int as n from ${sql}`, params);
  return rows[0]!.n;
}

async function statusOf(id: string): Promise<string | undefined> {
  const rows = await backend.sql<{ status: string }>(
    'select status from public.contact_submissions where id = $1',
    [id],
  );
  return rows[0]?.status;
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({
    user: adminUser,
    totp: { secret },
  } = await createAdmin(backend, ADMIN.email, ADMIN.password));
  member = await createUser(backend, MEMBER);
  workedEnquiry = await seedEnquiry(backend);
  subjectEnquiry = await seedEnquiry(backend, { email: SUBJECT });
  const jobs = await backend.sql<{ id: string }>(
    `insert into private.enquiry_mail_jobs (kind, submission_id, status, attempts, last_error)
     values ('staff_alert', $1, 'failed', 5, 'mail API answered 500') returning id::text as id`,
    [workedEnquiry.id],
  );
  failedJobId = jobs[0]!.id;
  await backend.sql(
    `insert into public.audit_log (user_id, user_email, action) values ($1, $2, 'auth_sign_in_success')`,
    [adminUser.id, ADMIN.email],
  );
  // The admin has a verified factor, but this session has not answered a code yet.
  session = await signedInClient(backend, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe('an admin with the password only (aal1)', () => {
  it('holds an aal1 session that can reach aal2, and may still read their own role', async () => {
    const level = await session.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { data, error } = await session
      .from('user_roles')
      .select('role')
      .eq('user_id', adminUser.id)
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'admin' });
  });

  it.each(tables)('reads no rows of %s though the table has some', async (table) => {
    expect(await count(`public.${table}`)).toBeGreaterThan(0);
    const { data, error } = await session.from(table).select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('updates and deletes no enquiry, and nothing is audited', async () => {
    const auditBefore = await count('public.audit_log');
    const update = await saveWorkflow(session, workedEnquiry.id, { status: 'won' });
    expect(update.error?.code).toBe('42501');
    const removal = await session.from('contact_submissions').delete().eq('id', workedEnquiry.id);
    expect(removal.error).toBeNull();
    expect(await statusOf(workedEnquiry.id)).toBe('new');
    expect(await count('public.audit_log')).toBe(auditBefore);
  });

  it('is refused a note: 42501 (403), nothing stored', async () => {
    const notesBefore = await count('public.enquiry_notes');
    const { error, status } = await session
      .from('enquiry_notes')
      .insert({ submission_id: workedEnquiry.id, body: 'Written without the second factor.' });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(await count('public.enquiry_notes')).toBe(notesBefore);
  });

  it.each(rpcs)('is refused %s: 42501 (403)', async (fn, args) => {
    const { data, error, status } = await session.rpc(fn, args);
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
  });

  it('and the refused calls changed nothing', async () => {
    expect(await count(`public.contact_submissions where "Email" = $1`, [SUBJECT])).toBe(1);
    expect(
      await count(`private.enquiry_mail_jobs where id = $1 and status = 'failed'`, [failedJobId]),
    ).toBe(1);
    expect(await count(`public.user_roles where role = 'admin'`)).toBe(1);
    expect(
      await count(`public.audit_log where user_id = $1 and action like 'admin\\_%'`, [
        adminUser.id,
      ]),
    ).toBe(0);
  });
});

describe('the same session after the code step (aal2)', () => {
  beforeAll(async () => {
    const factors = await session.auth.mfa.listFactors();
    const factorId = factors.data?.totp[0]?.id;
    if (!factorId) throw new Error('the admin has no verified TOTP factor');
    const verified = await session.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret),
    });
    if (verified.error) throw new Error(`challengeAndVerify failed: ${verified.error.message}`);
  });

  it('is aal2', async () => {
    const level = await session.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
  });

  it.each(tables)('reads every row of %s', async (table) => {
    const { data, error } = await session.from(table).select('*');
    expect(error).toBeNull();
    expect(data).toHaveLength(await count(`public.${table}`));
    expect(data?.length).toBeGreaterThan(0);
  });

  it('adds a note, updates and deletes an enquiry, each audited', async () => {
    const note = await session
      .from('enquiry_notes')
      .insert({ submission_id: workedEnquiry.id, body: 'Written after the code step.' });
    expect(note.error).toBeNull();
    const update = await saveWorkflow(session, workedEnquiry.id, { status: 'won' });
    expect(update.error).toBeNull();
    expect(await statusOf(workedEnquiry.id)).toBe('won');
    const removal = await session.from('contact_submissions').delete().eq('id', workedEnquiry.id);
    expect(removal.error).toBeNull();
    expect(await statusOf(workedEnquiry.id)).toBeUndefined();
    const actions = await backend.sql<{ action: string }>(
      `select action from public.audit_log where user_id = $1 and action like 'admin\\_%'
        order by created_at, action`,
      [adminUser.id],
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'admin_enquiry_note_added',
        'admin_enquiry_status_changed',
        'admin_enquiry_deleted',
      ]),
    );
  });

  it('may call every admin RPC', async () => {
    const staff = await session.rpc('list_staff');
    expect(staff.error).toBeNull();
    expect(staff.data).toEqual([{ id: adminUser.id, email: ADMIN.email, display_name: null }]);

    const overview = await session.rpc('enquiry_overview');
    expect(overview.error).toBeNull();
    expect(overview.data).toEqual(expect.any(Object));

    const failed = await session.rpc('list_failed_enquiry_mail');
    expect(failed.error).toBeNull();
    expect((failed.data as { id: string }[]).map((job) => job.id)).toContain(failedJobId);

    const retried = await session.rpc('retry_failed_enquiry_mail', { job_id: failedJobId });
    expect(retried.error).toBeNull();
    expect(retried.data).toBe(true);

    const access = await session.rpc('subject_access', { _email: SUBJECT });
    expect(access.error).toBeNull();
    expect(
      (access.data as { contact_submissions: { id: string }[] }).contact_submissions.map(
        (row) => row.id,
      ),
    ).toEqual([subjectEnquiry.id]);

    const erased = await session.rpc('erase_subject_data', { _email: SUBJECT });
    expect(erased.error).toBeNull();
    expect(erased.data).toMatchObject({ contact_submissions: 1 });
    expect(await count(`public.contact_submissions where "Email" = $1`, [SUBJECT])).toBe(0);

    const granted = await session.rpc('grant_admin_role', { _email: MEMBER.email });
    expect(granted.error).toBeNull();
    expect(granted.data).toBe(true);

    const listed = await session.rpc('staff_access');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: ADMIN.email, roles: ['admin'], mfa_enrolled: true }),
        expect.objectContaining({ email: MEMBER.email, roles: ['admin'], mfa_enrolled: false }),
      ]),
    );

    const revoked = await session.rpc('revoke_admin_role', { _email: MEMBER.email });
    expect(revoked.error).toBeNull();
    expect(revoked.data).toBe(true);
    expect(await count(`public.user_roles where user_id = $1`, [member.id])).toBe(0);
  });
});
