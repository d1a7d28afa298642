// What a browser may add to the audit log, through the real client: only the site's own sign-in
// and enquiry events (private.audit_browser_actions), with small flat details, at most 30 an
// hour from one account and 60 from one client address. admin_* entries come only from database
// code: the CSV export is recorded by public.record_enquiry_export(), admins and aal2 only,
// without the search text.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signInWithEmail, signOutEverywhere } from '@/features/auth/auth-actions';
import { startTotpEnrolment, verifyTotpCode } from '@/features/auth/mfa-actions';
import { BROWSER_AUDIT_ACTIONS } from '@/lib/audit-log';
import type { AppSupabaseClient } from '@/lib/supabase';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { totpCode } from './support/mfa.ts';

const PASSWORD = 'audit-password-1';

let backend: TestBackend;
let accountCounter = 0;

/** A new confirmed account, signed in (aal1) from this machine's usual address. */
async function newMember(): Promise<{ user: CreatedUser; client: SupabaseClient }> {
  accountCounter += 1;
  const user = await createUser(backend, {
    email: `audit-${accountCounter}@example.com`,
    password: PASSWORD,
  });
  return { user, client: await signedInClient(backend, user.email, PASSWORD) };
}

async function entriesOf(userId: string, action?: string): Promise<number> {
  const rows = await backend.sql<{ count: number }>(
    `select count(*)::int as count from public.audit_log
      where user_id = $1 and ($2::text is null or action = $2)`,
    [userId, action ?? null],
  );
  return rows[0]?.count ?? -1;
}

interface Answer {
  status: number;
  body: { code?: string; hint?: string | null; message?: string };
}

/** Inserts an audit entry as the signed-in client, over a connection from `localAddress`. */
async function insertFrom(
  localAddress: string,
  client: SupabaseClient,
  entry: Record<string, unknown>,
): Promise<Answer> {
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('insertFrom: not signed in');
  const body = JSON.stringify(entry);
  const url = new URL(`${backend.url}/rest/v1/audit_log`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

describe('the events a browser may record', () => {
  it('are the ones the site logs from the browser, and only auth_* and contact_*', async () => {
    const rows = await backend.sql<{ action: string }>(
      'select action from private.audit_browser_actions order by action',
    );
    expect(rows.map((row) => row.action)).toEqual([...BROWSER_AUDIT_ACTIONS].sort());
  });

  it('a normal sign-in and sign-out through the site’s own code is stored', async () => {
    accountCounter += 1;
    const user = await createUser(backend, {
      email: `audit-flow-${accountCounter}@example.com`,
      password: PASSWORD,
    });
    const client = anonClient(backend) as unknown as AppSupabaseClient;

    expect(await signInWithEmail(client, { email: user.email, password: PASSWORD })).toEqual({
      kind: 'success',
    });
    await signOutEverywhere(client, 'auth_sign_out');

    const rows = await backend.sql<{ action: string; details: unknown }>(
      `select action, details from public.audit_log where user_id = $1 order by created_at`,
      [user.id],
    );
    expect(rows).toEqual([
      { action: 'auth_sign_in_success', details: { email: user.email } },
      { action: 'auth_sign_out', details: null },
    ]);
  });

  it('a staff sign-in with a second factor and a sign-out from the staff area is stored', async () => {
    accountCounter += 1;
    const user = await createUser(backend, {
      email: `audit-staff-${accountCounter}@example.com`,
      password: PASSWORD,
    });
    await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      user.id,
    ]);
    const client = anonClient(backend) as unknown as AppSupabaseClient;

    await signInWithEmail(client, { email: user.email, password: PASSWORD });
    const enrolment = await startTotpEnrolment(client);
    if (enrolment.kind !== 'ready') throw new Error(`enrolment failed: ${enrolment.message}`);
    expect(await verifyTotpCode(client, enrolment.factorId, '000000', 'enrolment')).toMatchObject({
      kind: 'refused',
    });
    expect(
      await verifyTotpCode(client, enrolment.factorId, totpCode(enrolment.secret), 'enrolment'),
    ).toEqual({ kind: 'verified' });
    await signOutEverywhere(client, 'auth_staff_sign_out');

    const rows = await backend.sql<{ action: string }>(
      `select action from public.audit_log where user_id = $1 order by created_at`,
      [user.id],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'auth_sign_in_success',
      'auth_mfa_failed',
      'auth_mfa_enrolled',
      'auth_staff_sign_out',
    ]);
  });
});

describe('what a confirmed account cannot write', () => {
  it('an admin_* entry under its own id (a forged erasure): 42501 (403), nothing stored', async () => {
    const { user, client } = await newMember();
    const { error, status } = await client.from('audit_log').insert({
      action: 'admin_subject_erasure',
      resource: 'auth.users',
      details: { subject: 'someone@example.com' },
    });
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'The audit action admin_subject_erasure cannot be recorded from a browser.',
      hint: 'audit_log_action_not_allowed',
    });
    expect(await entriesOf(user.id)).toBe(0);
  });

  it.each(['auth_token_refreshed', 'auth_role_granted', 'contact_data_exported'])(
    'an action the site never logs from a browser (%s): 42501 (403)',
    async (action) => {
      const { user, client } = await newMember();
      const { error, status } = await client.from('audit_log').insert({ action });
      expect(status).toBe(403);
      expect(error?.hint).toBe('audit_log_action_not_allowed');
      expect(await entriesOf(user.id)).toBe(0);
    },
  );

  it('details up to 1024 bytes are stored; one byte more is refused: 22023 (400)', async () => {
    const { user, client } = await newMember();
    // jsonb prints {"note": "…"}: 12 characters around the text.
    const fits = await client
      .from('audit_log')
      .insert({ action: 'auth_sign_in_success', details: { note: 'x'.repeat(1012) } });
    expect(fits.error).toBeNull();

    const { error, status } = await client
      .from('audit_log')
      .insert({ action: 'auth_sign_in_success', details: { note: 'x'.repeat(1013) } });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', hint: 'audit_log_details_invalid' });
    expect(error?.message).toContain('1024 bytes');
    expect(await entriesOf(user.id)).toBe(1);
  });

  it.each([
    ['a nested object', { step: 'sign-in', extra: { a: 1 } }],
    ['an array value', { step: 'sign-in', codes: [1, 2] }],
    ['an array instead of an object', ['sign-in']],
    ['a bare string', 'sign-in'],
  ])('details that are %s: 22023 (400)', async (_kind, details) => {
    const { user, client } = await newMember();
    const { error, status } = await client
      .from('audit_log')
      .insert({ action: 'auth_mfa_failed', details });
    expect(status).toBe(400);
    expect(error?.hint).toBe('audit_log_details_invalid');
    expect(await entriesOf(user.id)).toBe(0);
  });

  it('an admin may not insert admin_* entries through the API either', async () => {
    const { user, client } = await createAdmin(backend, 'audit-admin-insert@example.com');
    const { error, status } = await client
      .from('audit_log')
      .insert({ action: 'admin_viewed_submissions' });
    expect(status).toBe(403);
    expect(error?.hint).toBe('audit_log_action_not_allowed');
    expect(await entriesOf(user.id, 'admin_viewed_submissions')).toBe(0);
  });

  it('the service role (operators) still writes any entry', async () => {
    await backend.sql(`set role service_role`);
    try {
      await backend.sql(
        `insert into public.audit_log (action, details) values ('admin_role_granted', '{"a": {"b": 1}}')`,
      );
    } finally {
      await backend.sql(`reset role`);
    }
    const rows = await backend.sql<{ count: number }>(
      `select count(*)::int as count from public.audit_log where action = 'admin_role_granted'`,
    );
    expect(rows[0]?.count).toBe(1);
  });
});

describe('the rate a browser may write at', () => {
  it('30 entries an hour from one account; the 31st is refused (P0001, 400), others unaffected', async () => {
    const { user, client } = await newMember();
    for (let n = 1; n <= 30; n += 1) {
      const { error } = await client
        .from('audit_log')
        .insert({ action: 'auth_mfa_failed', details: { attempt: n } });
      expect(error).toBeNull();
    }
    const { error, status } = await client.from('audit_log').insert({ action: 'auth_sign_out' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Too many audit entries from this account. Please try again later.',
      hint: 'audit_log_account_rate_limit',
    });
    expect(await entriesOf(user.id)).toBe(30);

    const other = await newMember();
    expect((await other.client.from('audit_log').insert({ action: 'auth_sign_out' })).error).toBe(
      null,
    );
  });

  it('a burst of 40 at once from one account stores exactly 30', async () => {
    const { user, client } = await newMember();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        insertFrom('127.0.0.9', client, { action: 'auth_mfa_failed', details: { attempt: n } }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(30);
    for (const result of results.filter((answer) => answer.status !== 201)) {
      expect(result.body.hint).toBe('audit_log_account_rate_limit');
    }
    expect(await entriesOf(user.id)).toBe(30);
  });

  it('entries older than an hour no longer count', async () => {
    const { user, client } = await newMember();
    for (let n = 0; n < 30; n += 1) {
      expect((await insertFrom('127.0.0.10', client, { action: 'auth_mfa_failed' })).status).toBe(
        201,
      );
    }
    expect((await insertFrom('127.0.0.10', client, { action: 'auth_sign_out' })).status).toBe(400);
    await backend.sql(
      `update private.audit_browser_writes set created_at = now() - interval '61 minutes'
        where user_id = $1`,
      [user.id],
    );
    expect((await insertFrom('127.0.0.10', client, { action: 'auth_sign_out' })).status).toBe(201);
    expect(await entriesOf(user.id)).toBe(31);
  });

  it('60 entries an hour from one client address, whichever accounts send them', async () => {
    const first = await newMember();
    const second = await newMember();
    const third = await newMember();
    for (const member of [first, second]) {
      for (let n = 0; n < 30; n += 1) {
        const answer = await insertFrom('127.0.0.7', member.client, { action: 'auth_mfa_failed' });
        expect(answer.status).toBe(201);
      }
    }
    const refused = await insertFrom('127.0.0.7', third.client, { action: 'auth_sign_out' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'P0001',
      message: 'Too many audit entries from your network. Please try again later.',
      hint: 'audit_log_client_rate_limit',
    });
    expect(await entriesOf(third.user.id)).toBe(0);

    const elsewhere = await insertFrom('127.0.0.8', third.client, { action: 'auth_sign_out' });
    expect(elsewhere.status).toBe(201);
  });

  it('a refused audit entry does not break the sign-out it records', async () => {
    const { user, client } = await newMember();
    for (let n = 0; n < 30; n += 1) {
      await client.from('audit_log').insert({ action: 'auth_mfa_failed' });
    }
    await signOutEverywhere(client as unknown as AppSupabaseClient, 'auth_sign_out');
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(await entriesOf(user.id, 'auth_sign_out')).toBe(0);
  });
});

describe('public.record_enquiry_export: the CSV export’s audit entry', () => {
  it('an admin at aal2 records the count and filters, and whether a search applied, not its text', async () => {
    const { user, client } = await createAdmin(backend, 'audit-exporter@example.com');
    const { error } = await client.rpc('record_enquiry_export', {
      exported: 7,
      status: 'won',
      interest: 'ai-ml',
      searched: true,
    });
    expect(error).toBeNull();
    const rows = await backend.sql<{ action: string; resource: string; details: unknown }>(
      `select action, resource, details from public.audit_log
        where user_id = $1 and action = 'admin_export_submissions'`,
      [user.id],
    );
    expect(rows).toEqual([
      {
        action: 'admin_export_submissions',
        resource: 'contact_submissions',
        details: { count: 7, status: 'won', interest: 'ai-ml', timeline: null, searched: true },
      },
    ]);
  });

  it('the same admin with only a password (aal1) is refused: 42501 (403)', async () => {
    const email = 'audit-exporter-aal1@example.com';
    const { user } = await createAdmin(backend, email);
    const passwordOnly = await signedInClient(backend, email, 'staff-password-1');
    const { error, status } = await passwordOnly.rpc('record_enquiry_export', { exported: 1 });
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: '42501',
      message: 'Only staff admins may export enquiries.',
    });
    expect(await entriesOf(user.id, 'admin_export_submissions')).toBe(0);
  });

  it('a signed-in non-admin is refused (42501, 403) and anon cannot call it (42501, 401)', async () => {
    const { user, client } = await newMember();
    const member = await client.rpc('record_enquiry_export', { exported: 1 });
    expect(member.status).toBe(403);
    expect(member.error?.code).toBe('42501');
    expect(await entriesOf(user.id)).toBe(0);

    const anon = await anonClient(backend).rpc('record_enquiry_export', { exported: 1 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  it.each([
    ['a negative count', { exported: -1 }],
    ['free text as a filter', { exported: 1, status: 'jane doe <jane@rival.example>' }],
  ])('refuses %s: 22023 (400)', async (_case, args) => {
    const { user, client } = await createAdmin(
      backend,
      `audit-exporter-${args.exported}-${Object.keys(args).length}@example.com`,
    );
    const { error, status } = await client.rpc('record_enquiry_export', args);
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
    expect(await entriesOf(user.id, 'admin_export_submissions')).toBe(0);
  });
});
