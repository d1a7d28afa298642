// Subject rights and staff access through the real supabase-js: an admin finds everything held
// about an address (any case), including other enquiries' notes that name it, and erases it so
// that no column of any app table still holds it, leaving one counts-only audit entry;
// auth.users is untouched. Nobody but an admin reaches
// these functions. The staff list shows roles, MFA and last sign-in; the admin role is granted
// and revoked through audited RPCs, never from the last admin.

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
import { createAdmin } from './support/admin.ts';
import { everyStoredText, seedEnquiry } from './support/privacy.ts';
import { saveWorkflow } from './support/workflow.ts';

const SUBJECT = 'Jo.Subject@Example.com';
const BYSTANDER = 'bystander@example.com';
const MEMBER = { email: 'member@example.com', password: 'member-password-1' };
// staff notes on the bystander's enquiry: one names the subject's address (in upper case), one
// only addresses that contain it.
const MENTION_NOTE = `By Stander's colleague; copy ${SUBJECT.toUpperCase()} in on the proposal.`;
const MENTION_NOTE_ERASED = "By Stander's colleague; copy [address removed] in on the proposal.";
const LOOKALIKE_NOTE = `Not Jo: write to bo+${SUBJECT.toLowerCase()} or ${SUBJECT.toLowerCase()}.au.`;

let backend: TestBackend;
let admin: SupabaseClient;
let adminUser: CreatedUser;
let member: SupabaseClient;
let subjectUser: CreatedUser;
let subjectEnquiries: string[];
let bystanderEnquiry: string;

type AuditRow = {
  action: string;
  user_id: string | null;
  user_email: string | null;
  resource: string | null;
  resource_id: string | null;
  details: Record<string, unknown> | null;
};

async function auditRows(action: string): Promise<AuditRow[]> {
  return backend.sql<AuditRow>(
    `select action, user_id::text as user_id, user_email, resource, resource_id, details
       from public.audit_log where action = $1 order by created_at`,
    [action],
  );
}

beforeAll(async () => {
  backend = await startTestBackend({ retentionIntervalMs: 0 });
  ({ user: adminUser, client: admin } = await createAdmin(backend, 'ada.admin@example.com'));
  await createUser(backend, MEMBER);
  member = await signedInClient(backend, MEMBER.email, MEMBER.password);
  // the subject also has an account (they once signed up): erasure leaves auth.users alone.
  subjectUser = await createUser(backend, {
    email: SUBJECT.toLowerCase(),
    password: 'subject-password-1',
  });

  // two enquiries under the address in different cases, through the public form like a visitor.
  const anon = anonClient(backend);
  for (const email of [SUBJECT, SUBJECT.toUpperCase()]) {
    const { error } = await anon.from('contact_submissions').insert({
      Name: 'Jo Subject',
      Email: email,
      Company: 'Subject Ltd',
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'Please tell me about your analytics work.',
    });
    expect(error).toBeNull();
  }
  const rows = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where lower("Email") = lower($1)`,
    [SUBJECT],
  );
  subjectEnquiries = rows.map((row) => row.id);
  const { error: noteError } = await admin
    .from('enquiry_notes')
    .insert({ submission_id: subjectEnquiries[0]!, body: 'Spoke to Jo, sending a proposal.' });
  expect(noteError).toBeNull();
  const { error: statusError } = await saveWorkflow(admin, subjectEnquiries[0]!, {
    status: 'in_progress',
  });
  expect(statusError).toBeNull();

  bystanderEnquiry = (await seedEnquiry(backend, { email: BYSTANDER })).id;
  for (const body of [MENTION_NOTE, LOOKALIKE_NOTE]) {
    const { error } = await admin
      .from('enquiry_notes')
      .insert({ submission_id: bystanderEnquiry, body });
    expect(error).toBeNull();
  }
  // a digest holding the subject's snapshot beside the bystander's, and audit entries that name
  // the address in user_email and in details.
  await backend.sql(
    `insert into private.enquiry_mail_jobs (kind, payload) values ('staff_digest', $1::jsonb)`,
    [
      JSON.stringify({
        enquiries: [
          { id: subjectEnquiries[1], email: SUBJECT, name: 'Jo Subject' },
          { id: bystanderEnquiry, email: BYSTANDER, name: 'By Stander' },
        ],
      }),
    ],
  );
  await backend.sql(
    `insert into public.audit_log (user_id, user_email, action, details) values
       ($1, $2, 'auth_sign_in_success', null),
       (null, null, 'contact_form_failed', $3::jsonb)`,
    [subjectUser.id, SUBJECT.toLowerCase(), JSON.stringify({ email: SUBJECT.toUpperCase() })],
  );
  // the hourly rate records of the subject's account (and of another account, which stay): an
  // audit entry its browser added, and a reply mail it put on its way as if it were staff.
  const memberId = (
    await backend.sql<{ id: string }>(`select id::text as id from auth.users where email = $1`, [
      MEMBER.email,
    ])
  )[0]!.id;
  await backend.sql(
    `insert into private.audit_browser_writes (user_id, client_address) values
       ($1, '203.0.113.7'), ($2, '203.0.113.8')`,
    [subjectUser.id, memberId],
  );
  await backend.sql(
    `with job as (
       insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
       values ('reply', $2, $3, '{}') returning id
     )
     insert into private.reply_mail_releases (job_id, author_id) select id, $1 from job`,
    [subjectUser.id, bystanderEnquiry, BYSTANDER],
  );
  // what the mail API reported: a bounce of mail to the subject (found by its message id), an
  // event whose detail names the address, one about the bystander's mail; and the subject's
  // mailbox blocked after the bounce.
  await backend.sql(
    `insert into private.enquiry_mail_jobs (kind, submission_id, recipient, status, provider_message_id, sent_at)
     values ('reply', $1, $2, 'sent', 'msg-to-subject', now()),
            ('reply', $3, $4, 'sent', 'msg-to-bystander', now())`,
    [subjectEnquiries[0], SUBJECT, bystanderEnquiry, BYSTANDER],
  );
  await backend.sql(
    `insert into private.mail_events (event_id, event_type, message_id, occurred_at, bounce_type, detail) values
       ('evt-subject-bounce', 'email.bounced', 'msg-to-subject', now(), 'hard', 'Mailbox full'),
       ('evt-subject-named', 'email.bounced', 'msg-elsewhere', now(), 'hard', $1),
       ('evt-bystander', 'email.delivered', 'msg-to-bystander', now(), null, null)`,
    [`550 ${SUBJECT.toLowerCase()}: no such user`],
  );
  await backend.sql(
    `insert into private.mail_suppressions (mailbox, reason, event_id)
     values (private.mailbox_key($1), 'bounced', 'evt-subject-bounce')`,
    [SUBJECT],
  );
});

const mailEventIds = async () =>
  (
    await backend.sql<{ event_id: string }>(
      `select event_id from private.mail_events where event_id like 'evt-%' order by event_id`,
    )
  ).map((row) => row.event_id);

const rateRecordsOf = async (userId: string) =>
  (
    await backend.sql<{ n: number }>(
      `select (select count(*) from private.audit_browser_writes where user_id = $1)
            + (select count(*) from private.reply_mail_releases where author_id = $1) as n`,
      [userId],
    )
  )[0]!.n;

afterAll(async () => {
  await backend?.stop();
});

describe('who may call the rights and staff functions', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['subject_access', { _email: SUBJECT }],
    ['erase_subject_data', { _email: SUBJECT }],
    ['staff_access', {}],
    ['grant_admin_role', { _email: MEMBER.email }],
    ['revoke_admin_role', { _email: 'ada.admin@example.com' }],
  ];

  it.each(calls)('anon cannot call %s (42501, 401)', async (fn, args) => {
    const { error, status } = await anonClient(backend).rpc(fn, args);
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });

  it.each(calls)(
    'a signed-in user without the role cannot call %s (42501, 403)',
    async (fn, args) => {
      const { error, status } = await member.rpc(fn, args);
      expect(error?.code).toBe('42501');
      expect(status).toBe(403);
    },
  );

  it('the service role is not an admin either, and nothing changed', async () => {
    const { error } = await serviceClient(backend).rpc('erase_subject_data', { _email: SUBJECT });
    expect(error?.code).toBe('42501');
    const rows = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.contact_submissions where lower("Email") = lower($1)`,
      [SUBJECT],
    );
    expect(rows[0]!.n).toBe(2);
    const roles = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.user_roles where role = 'admin'`,
    );
    expect(roles[0]!.n).toBe(1);
  });

  it('roles still cannot be written through user_roles by a signed-in admin', async () => {
    const memberId = (
      await backend.sql<{ id: string }>(`select id::text as id from auth.users where email = $1`, [
        MEMBER.email,
      ])
    )[0]!.id;
    const { error } = await admin.from('user_roles').insert({ user_id: memberId, role: 'admin' });
    expect(error).not.toBeNull();
  });
});

describe('subject access and portability', () => {
  it('refuses an address that is not one, by name', async () => {
    const { error } = await admin.rpc('subject_access', { _email: 'not an address' });
    expect(error?.code).toBe('22023');
    expect(error?.hint).toBe('subject_email_invalid');
    expect(error?.message).toMatch(/e-mail address/);
  });

  it('returns everything held under the address in any case, and audits the look-up', async () => {
    const before = (await auditRows('admin_subject_access')).length;
    const { data, error } = await admin.rpc('subject_access', { _email: SUBJECT.toUpperCase() });
    expect(error).toBeNull();
    const doc = data as Record<string, unknown> & {
      counts: Record<string, number>;
      contact_submissions: { id: string; Email: string }[];
      enquiry_notes: { body: string }[];
      enquiry_notes_mentioning: { body: string; submission_id: string }[];
      enquiry_sources: { submission_id: string }[];
      enquiry_mail_jobs: { kind: string; payload: { enquiries?: { email: string }[] } }[];
      audit_log: { action: string }[];
      audit_browser_writes: { client_address: string }[];
      reply_mail_releases: { released_at: string }[];
      mail_events: { event_id: string }[];
      mail_suppressions: { reason: string }[];
    };
    expect(doc.email).toBe(SUBJECT.toLowerCase());
    expect(doc.contact_submissions.map((row) => row.id).sort()).toEqual(
      [...subjectEnquiries].sort(),
    );
    expect(doc.enquiry_notes.map((note) => note.body)).toEqual([
      'Spoke to Jo, sending a proposal.',
    ]);
    // another enquiry's note naming the address as a whole address, and not one naming only
    // longer addresses that contain it.
    expect(doc.enquiry_notes_mentioning.map((note) => [note.submission_id, note.body])).toEqual([
      [bystanderEnquiry, MENTION_NOTE],
    ]);
    expect(JSON.stringify(doc)).not.toContain('Not Jo');
    expect(doc.enquiry_sources).toHaveLength(2);
    expect(doc.enquiry_mail_jobs.some((job) => job.kind === 'acknowledgement')).toBe(true);
    // the digest is exported with the subject's entry only, never the bystander's.
    const digest = doc.enquiry_mail_jobs.find((job) => job.kind === 'staff_digest');
    expect(digest?.payload.enquiries?.map((entry) => entry.email)).toEqual([SUBJECT]);
    expect(JSON.stringify(doc)).not.toContain(BYSTANDER);
    expect(doc.audit_log.map((entry) => entry.action).sort()).toEqual([
      'auth_sign_in_success',
      'contact_form_failed',
    ]);
    expect(doc.counts).toEqual({
      contact_submissions: 2,
      enquiry_notes: 1,
      enquiry_notes_mentioning: 1,
      enquiry_sources: 2,
      enquiry_mail_jobs: doc.enquiry_mail_jobs.length,
      audit_log: 2,
      enquiry_replies: 0,
      enquiry_follow_ups: 0,
      audit_browser_writes: 1,
      reply_mail_releases: 1,
      consultation_bookings: 0,
      consultation_changes: 0,
      mail_events: doc.mail_events.length,
      mail_suppressions: 1,
      enquiry_answers: 0,
    });
    // the mail API's reports on its mail, and on no one else's; its mailbox's block.
    const eventIds = doc.mail_events.map((event) => event.event_id);
    expect(eventIds).toEqual(expect.arrayContaining(['evt-subject-bounce', 'evt-subject-named']));
    expect(eventIds).not.toContain('evt-bystander');
    expect(doc.mail_suppressions.map((blocked) => blocked.reason)).toEqual(['bounced']);
    // the account's rate records, and not another account's.
    expect(doc.audit_browser_writes.map((write) => write.client_address)).toEqual(['203.0.113.7']);
    expect(doc.reply_mail_releases).toHaveLength(1);

    const entries = await auditRows('admin_subject_access');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toEqual({
      action: 'admin_subject_access',
      user_id: adminUser.id,
      user_email: 'ada.admin@example.com',
      resource: 'subject_data',
      resource_id: null,
      details: doc.counts,
    });
    expect(JSON.stringify(entries).toLowerCase()).not.toContain(SUBJECT.toLowerCase());
  });
});

describe('erasure', () => {
  it('removes the address from every column of every app table, leaves one counts-only entry and the account', async () => {
    const usersBefore = await backend.sql(`select * from auth.users order by id`);

    const { data, error } = await admin.rpc('erase_subject_data', { _email: SUBJECT });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      contact_submissions: 2,
      enquiry_notes: 1,
      enquiry_sources: 2,
      enquiry_notes_mentions_removed: 1,
      audit_log_scrubbed: 2,
      audit_browser_writes: 1,
      reply_mail_releases: 1,
      mail_suppressions: 1,
    });
    expect((data as { mail_events: number }).mail_events).toBeGreaterThanOrEqual(2);
    expect(await mailEventIds()).toEqual(['evt-bystander']);
    expect(Number(await rateRecordsOf(subjectUser.id))).toBe(0);
    expect(
      Number(
        (
          await backend.sql<{ n: number }>(`select count(*) as n from private.audit_browser_writes`)
        )[0]!.n,
      ),
    ).toBe(1);

    // the only text still containing the address is the note naming other, longer addresses.
    const traces = (await everyStoredText(backend)).filter(({ value }) =>
      value.toLowerCase().includes(SUBJECT.toLowerCase()),
    );
    expect(traces).toEqual([{ where: 'public.enquiry_notes.body', value: LOOKALIKE_NOTE }]);
    const bystanderNotes = await backend.sql<{ body: string }>(
      'select body from public.enquiry_notes where submission_id = $1 order by created_at',
      [bystanderEnquiry],
    );
    expect(bystanderNotes.map((note) => note.body)).toEqual([
      'Called back, keen.',
      MENTION_NOTE_ERASED,
      LOOKALIKE_NOTE,
    ]);
    for (const id of subjectEnquiries) {
      const left = (await everyStoredText(backend)).filter(
        ({ where, value }) => value.includes(id) && !where.startsWith('public.audit_log.'),
      );
      expect(left).toEqual([]);
    }

    // the bystander keeps their enquiry, notes, source and their entry in the digest.
    const bystander = await backend.sql<{ n: number }>(
      `select (select count(*) from public.contact_submissions where id = $1)
            + (select count(*) from public.enquiry_notes where submission_id = $1)
            + (select count(*) from private.enquiry_sources where submission_id = $1)
            + (select count(*) from private.enquiry_mail_jobs
                where kind = 'staff_digest' and payload::text like '%' || $2 || '%') as n`,
      [bystanderEnquiry, BYSTANDER],
    );
    expect(Number(bystander[0]!.n)).toBe(6);

    const erasures = await auditRows('admin_subject_erasure');
    expect(erasures).toEqual([
      {
        action: 'admin_subject_erasure',
        user_id: adminUser.id,
        user_email: 'ada.admin@example.com',
        resource: 'subject_data',
        resource_id: null,
        details: data,
      },
    ]);
    // the deletion trigger's per-enquiry entries are replaced by that one entry.
    const deleted = await auditRows('admin_enquiry_deleted');
    expect(deleted).toEqual([]);

    expect(await backend.sql(`select * from auth.users order by id`)).toEqual(usersBefore);
  });

  it('a note with the address removed still meets the note checks (length, no outer space)', async () => {
    const address = 'a@b.co';
    const rows = await backend.sql<{ body: string }>(
      `select private.note_body_without_email(repeat($1 || ' ', 833) || $1, $1) as body`,
      [address],
    );
    const body = rows[0]!.body;
    expect(body.length).toBeLessThanOrEqual(5000);
    expect(body.length).toBeGreaterThan(4980);
    expect('[address removed] '.repeat(300).startsWith(body)).toBe(true);
    expect(body).not.toMatch(/^\s|\s$/);
  });

  it('a second erasure finds nothing and says so', async () => {
    const { data, error } = await admin.rpc('subject_access', { _email: SUBJECT });
    expect(error).toBeNull();
    expect((data as { counts: Record<string, number> }).counts).toEqual({
      contact_submissions: 0,
      enquiry_notes: 0,
      enquiry_notes_mentioning: 0,
      enquiry_sources: 0,
      enquiry_mail_jobs: 0,
      audit_log: 0,
      enquiry_replies: 0,
      enquiry_follow_ups: 0,
      audit_browser_writes: 0,
      reply_mail_releases: 0,
      consultation_bookings: 0,
      consultation_changes: 0,
      mail_events: 0,
      mail_suppressions: 0,
      enquiry_answers: 0,
    });
  });
});

describe('staff access', () => {
  it('lists the accounts holding a role with MFA and last sign-in', async () => {
    const { data, error } = await admin.rpc('staff_access');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        user_id: adminUser.id,
        email: 'ada.admin@example.com',
        roles: ['admin'],
        mfa_enrolled: true,
        last_sign_in_at: expect.any(String),
        display_name: null,
      },
    ]);
  });

  it('grants the admin role by e-mail (any case), audited, and refuses an unknown address by name', async () => {
    const { data, error } = await admin.rpc('grant_admin_role', {
      _email: MEMBER.email.toUpperCase(),
    });
    expect(error).toBeNull();
    expect(data).toBe(true);
    const again = await admin.rpc('grant_admin_role', { _email: MEMBER.email });
    expect(again.data).toBe(false);

    const memberId = (
      await backend.sql<{ id: string }>(`select id::text as id from auth.users where email = $1`, [
        MEMBER.email,
      ])
    )[0]!.id;
    expect(await auditRows('admin_role_granted')).toEqual([
      {
        action: 'admin_role_granted',
        user_id: adminUser.id,
        user_email: 'ada.admin@example.com',
        resource: 'user_roles',
        resource_id: memberId,
        details: { role: 'admin' },
      },
    ]);
    const listed = await admin.rpc('staff_access');
    expect(listed.data).toContainEqual(
      expect.objectContaining({ email: MEMBER.email, roles: ['admin'], mfa_enrolled: false }),
    );

    const unknown = await admin.rpc('grant_admin_role', { _email: 'nobody@example.com' });
    expect(unknown.error?.code).toBe('P0001');
    expect(unknown.error?.hint).toBe('user_roles_account_not_found');
  });

  it('revokes it again, audited, and never from the last admin', async () => {
    const { data, error } = await admin.rpc('revoke_admin_role', { _email: MEMBER.email });
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect((await auditRows('admin_role_revoked')).map((row) => row.user_id)).toEqual([
      adminUser.id,
    ]);

    // the last admin can only be the caller, and nobody may revoke their own role.
    const last = await admin.rpc('revoke_admin_role', { _email: 'ada.admin@example.com' });
    expect(last.error?.code).toBe('P0001');
    expect(last.error?.hint).toBe('user_roles_self_revoke');
    expect(last.error?.message).toMatch(/your own admin role/);
    const roles = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.user_roles where role = 'admin'`,
    );
    expect(roles[0]!.n).toBe(1);
    expect(await auditRows('admin_role_revoked')).toHaveLength(1);
  });
});
