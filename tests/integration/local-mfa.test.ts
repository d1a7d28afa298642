import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { enrollVerifiedTotp, signInWithTotp, totpCode } from './support/mfa.ts';

let backend: TestBackend;
const password = 'correct-horse-1';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  // The rate limiters' clock stands still, so the limit test counts requests, not machine speed.
  const limiterClock = Date.now();
  backend = await startTestBackend({ siteUrl: 'http://localhost:5173', now: () => limiterClock });
  // A probe for what Postgres itself sees of the caller's token, as an RLS policy would.
  await backend.sql(`
    create function public.probe_jwt_aal() returns text language sql stable
      set search_path = '' as $$ select auth.jwt() ->> 'aal' $$;
    grant execute on function public.probe_jwt_aal() to authenticated;`);
});
afterAll(async () => {
  await backend?.stop();
});

async function newUser(name: string): Promise<{ id: string; email: string }> {
  return createUser(backend, { email: `${name}@example.com`, password });
}

async function accessClaims(client: SupabaseClient): Promise<Record<string, unknown>> {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session?.access_token ?? '');
}

function factorsFetch(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${backend.url}/auth/v1/factors${path}`, {
    ...init,
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
  });
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? '';
}

describe('enrolment, challenge and verification', () => {
  it('enrols a TOTP factor, verifies it and returns an aal2 session with GoTrue claims', async () => {
    const user = await newUser('enrol');
    const client = await signedInClient(backend, user.email, password);
    const before = await accessClaims(client);
    expect(before.aal).toBe('aal1');

    const enrolled = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Work phone',
    });
    expect(enrolled.error).toBeNull();
    const data = enrolled.data!;
    expect(data.id).toMatch(uuid);
    expect(data.type).toBe('totp');
    expect(data.friendly_name).toBe('Work phone');
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(
      `otpauth://totp/localhost%3A5173:enrol@example.com?algorithm=SHA1&digits=6&issuer=localhost%3A5173&period=30&secret=${data.totp.secret}`,
    );
    // GoTrue sends bare SVG markup; auth-js prefixes the data-URI scheme.
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[^>]*>/);
    expect(data.totp.qr_code).not.toContain('#');

    const unverified = await client.auth.mfa.listFactors();
    expect(unverified.data?.all).toHaveLength(1);
    expect(unverified.data?.all[0]).toMatchObject({
      id: data.id,
      status: 'unverified',
      factor_type: 'totp',
      friendly_name: 'Work phone',
    });
    expect(unverified.data?.totp).toEqual([]);
    const levelBefore = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levelBefore.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await client.auth.mfa.challenge({ factorId: data.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.id).toMatch(uuid);
    expect(challenge.data?.type).toBe('totp');
    const now = Math.floor(Date.now() / 1000);
    expect(challenge.data?.expires_at).toBeGreaterThanOrEqual(now + 295);
    expect(challenge.data?.expires_at).toBeLessThanOrEqual(now + 301);

    const verified = await client.auth.mfa.verify({
      factorId: data.id,
      challengeId: challenge.data!.id,
      code: totpCode(data.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(verified.data?.token_type).toBe('bearer');
    expect(verified.data?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(verified.data?.user.factors).toEqual([
      expect.objectContaining({ id: data.id, status: 'verified', factor_type: 'totp' }),
    ]);

    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(before.session_id);
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method).sort()).toEqual(['password', 'totp']);
    expect(amr[0]?.timestamp).toBeGreaterThanOrEqual(amr[1]?.timestamp ?? 0);
    for (const entry of amr) expect(Math.abs(entry.timestamp - now)).toBeLessThan(10);

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data?.currentLevel).toBe('aal2');
    expect(after.data?.nextLevel).toBe('aal2');
    const methods = after.data?.currentAuthenticationMethods.map((entry) =>
      typeof entry === 'string' ? entry : entry.method,
    );
    expect(methods).toContain('totp');
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((factor) => factor.id)).toEqual([data.id]);

    // Postgres sees the same level through auth.jwt(), which an aal2 policy would read.
    const probe = await client.rpc('probe_jwt_aal');
    expect(probe.error).toBeNull();
    expect(probe.data).toBe('aal2');
  });

  it('asks a new password-only session for the second factor (aal1 → aal2)', async () => {
    const user = await newUser('next-level');
    const first = await signedInClient(backend, user.email, password);
    const { secret } = await enrollVerifiedTotp(first);

    const second = await signedInClient(backend, user.email, password);
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await second.rpc('probe_jwt_aal')).data).toBe('aal1');
    const { data } = await second.auth.getUser();
    expect(data.user?.factors).toHaveLength(1);
    expect(data.user?.factors?.[0]).not.toHaveProperty('secret');

    const raised = await signInWithTotp(backend, user.email, password, secret);
    expect((await accessClaims(raised)).aal).toBe('aal2');
  });

  it('keeps aal2 across a refresh, with the totp method in amr', async () => {
    const user = await newUser('refresh');
    const client = await signedInClient(backend, user.email, password);
    await enrollVerifiedTotp(client);
    const before = await client.auth.getSession();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before.data.session?.refresh_token);
    const claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toContain('totp');
  });

  it('ends the user’s other sessions that are still at aal1 once a factor is verified', async () => {
    const user = await newUser('other-sessions');
    const other = await signedInClient(backend, user.email, password);
    const client = await signedInClient(backend, user.email, password);
    await enrollVerifiedTotp(client);
    const refreshed = await other.auth.refreshSession();
    // The session row is deleted with its refresh tokens, as GoTrue's cascade does.
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });
});

describe('codes GoTrue refuses', () => {
  let client: SupabaseClient;
  let factorId: string;
  let secret: string;

  beforeAll(async () => {
    const user = await newUser('refusals');
    client = await signedInClient(backend, user.email, password);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    factorId = enrolled.data!.id;
    secret = enrolled.data!.totp.secret;
  });

  it('refuses a wrong code with 422 mfa_verification_failed, and the factor stays unverified', async () => {
    const challenge = await client.auth.mfa.challenge({ factorId });
    const right = totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const result = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: wrong,
    });
    expect(result.error?.status).toBe(422);
    expect(result.error?.code).toBe('mfa_verification_failed');
    expect(result.error?.message).toBe('Invalid TOTP code entered');
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all[0]?.status).toBe('unverified');
  });

  it('refuses the code of a step outside the ±30 s window, and an empty code', async () => {
    const challenge = await client.auth.mfa.challenge({ factorId });
    const old = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret, Date.now() - 120_000),
    });
    expect(old.error?.code).toBe('mfa_verification_failed');
    const empty = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: '',
    });
    expect(empty.error?.status).toBe(400);
    expect(empty.error?.code).toBe('validation_failed');
    expect(empty.error?.message).toBe('Code needs to be non-empty');
  });

  it('refuses an expired challenge with mfa_challenge_expired and deletes it', async () => {
    const challenge = await client.auth.mfa.challenge({ factorId });
    const challengeId = challenge.data!.id;
    await backend.sql(
      `update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
      [challengeId],
    );
    const expired = await client.auth.mfa.verify({
      factorId,
      challengeId,
      code: totpCode(secret),
    });
    expect(expired.error?.status).toBe(422);
    expect(expired.error?.code).toBe('mfa_challenge_expired');
    expect(expired.error?.message).toBe(
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
    const again = await client.auth.mfa.verify({ factorId, challengeId, code: totpCode(secret) });
    expect(again.error?.code).toBe('mfa_factor_not_found');
    expect(again.error?.message).toBe('MFA factor with the provided challenge ID not found');
  });

  it('refuses a challenge (and so its code) used a second time', async () => {
    const challenge = await client.auth.mfa.challenge({ factorId });
    const code = totpCode(secret);
    const first = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code,
    });
    expect(first.error).toBeNull();
    const reused = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code,
    });
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe('mfa_ip_address_mismatch');
    expect(reused.error?.message).toBe('Challenge and verify IP addresses mismatch.');
  });

  it('answers an unknown, malformed or foreign factor id with 404', async () => {
    const unknown = await client.auth.mfa.challenge({
      factorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('mfa_factor_not_found');
    expect(unknown.error?.message).toBe('Factor not found');

    const malformed = await client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(malformed.error?.status).toBe(404);
    expect(malformed.error?.code).toBe('validation_failed');
    expect(malformed.error?.message).toBe('factor_id must be an UUID');

    const stranger = await signedInClient(backend, (await newUser('stranger')).email, password);
    const foreign = await stranger.auth.mfa.unenroll({ factorId });
    expect(foreign.error?.status).toBe(404);
    expect(foreign.error?.code).toBe('mfa_factor_not_found');
  });

  it('refuses requests without a session', async () => {
    const anonymous = await fetch(`${backend.url}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-sb-error-code')).toBe('no_authorization');
  });

  it('limits challenges of one factor to a burst of 30 per address and factor (local limits)', async () => {
    const user = await newUser('rate-limited');
    const limited = await signedInClient(backend, user.email, password);
    const first = (await limited.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'A' })).data!;
    const second = (await limited.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'B' })).data!;
    const challenge = async (factorId: string) =>
      (
        await factorsFetch(`/${factorId}/challenge`, await tokenOf(limited), {
          method: 'POST',
          body: '{}',
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push(await challenge(first.id));
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Every local client is 127.0.0.1: another factor keeps its own budget here.
    expect(await challenge(second.id)).toBe(200);
  });
});

describe('enrolment rules', () => {
  it('refuses a duplicate friendly name and an eleventh factor', async () => {
    const user = await newUser('many');
    const client = await signedInClient(backend, user.email, password);
    const first = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(first.error).toBeNull();
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');
    expect(duplicate.error?.message).toBe(
      'A factor with the friendly name "Phone" for this user already exists',
    );
    for (let i = 2; i <= 10; i += 1) {
      const next = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Key ${i}` });
      expect(next.error).toBeNull();
    }
    const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key 11' });
    expect(eleventh.error?.status).toBe(422);
    expect(eleventh.error?.code).toBe('too_many_enrolled_mfa_factors');
    expect(eleventh.error?.message).toBe(
      'Maximum number of verified factors reached, unenroll to continue',
    );
  });

  it('refuses phone and unknown factor types as GoTrue does with its defaults', async () => {
    const user = await newUser('types');
    const client = await signedInClient(backend, user.email, password);
    const token = await tokenOf(client);
    const phone = await factorsFetch('', token, {
      method: 'POST',
      body: JSON.stringify({ factor_type: 'phone', phone: '+447700900000' }),
    });
    expect(phone.status).toBe(422);
    expect(await phone.json()).toEqual({
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const other = await factorsFetch('', token, {
      method: 'POST',
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(other.status).toBe(400);
    expect((await other.json()).message).toBe('factor_type needs to be totp, phone, or webauthn');
  });

  it('needs aal2 to enrol a second factor once one is verified', async () => {
    const user = await newUser('second-factor');
    const first = await signedInClient(backend, user.email, password);
    await enrollVerifiedTotp(first);
    const passwordOnly = await signedInClient(backend, user.email, password);
    const refused = await passwordOnly.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'B' });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('insufficient_aal');
    expect(refused.error?.message).toBe('AAL2 required to enroll a new factor');
    const allowed = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'B' });
    expect(allowed.error).toBeNull();
  });
});

describe('unenrolment', () => {
  it('lets an aal1 session remove an unverified factor', async () => {
    const user = await newUser('unverified-unenrol');
    const client = await signedInClient(backend, user.email, password);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const removed = await client.auth.mfa.unenroll({ factorId: enrolled.data!.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: enrolled.data!.id });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('refuses an aal1 token for a verified factor, and an aal2 session removes it and drops to aal1', async () => {
    const user = await newUser('verified-unenrol');
    const client = await signedInClient(backend, user.email, password);
    const { factorId, secret } = await enrollVerifiedTotp(client);

    const passwordOnly = await signedInClient(backend, user.email, password);
    const refused = await passwordOnly.auth.mfa.unenroll({ factorId });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('insufficient_aal');
    expect(refused.error?.message).toBe('AAL2 required to unenroll verified factor');

    const raised = await signInWithTotp(backend, user.email, password, secret);
    const removed = await raised.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });

    const refreshed = await raised.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['password']);
  });
});

describe('admin factor endpoints (a staff member who lost their authenticator)', () => {
  it('lists and deletes a user’s factors with the service role only', async () => {
    const user = await newUser('admin-reset');
    const client = await signedInClient(backend, user.email, password);
    const { factorId } = await enrollVerifiedTotp(client);
    const admin = serviceClient(backend);

    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: factorId, status: 'verified', factor_type: 'totp' }),
    ]);

    const anon = await anonClient(backend).auth.admin.mfa.listFactors({ userId: user.id });
    expect(anon.error?.status).toBe(403);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factorId });
    expect(deleted.error).toBeNull();
    // auth-js wraps this one response once more: GoTrue answers with the deleted factor.
    expect(deleted.data).toMatchObject({ data: { id: factorId, status: 'verified' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
    const again = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factorId });
    expect(again.error?.status).toBe(404);
    expect(again.error?.code).toBe('mfa_factor_not_found');

    // The user's session was raised by that factor; it is back at aal1 at its next refresh.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
  });
});
