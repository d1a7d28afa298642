import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { totpCode } from './support/mfa.ts';

// LOCAL_AUTH_LIMITS=config: supabase/config.toml's [auth.rate_limit] (email_sent 2,
// sign_in_sign_ups 30, token_refresh 150, token_verifications 30) and the MFA limit, applied
// as GoTrue applies them. The limiters read this clock, so the tests move time, not sleep.
let backend: TestBackend;
let now = Date.now();
const advance = (ms: number) => {
  now += ms;
};
const password = 'correct-horse-1';

beforeAll(async () => {
  backend = await startTestBackend({ authLimits: 'config', now: () => now });
});
afterAll(async () => {
  await backend?.stop();
});
// Two hours on: every bucket and the hourly e-mail count start afresh for each test.
beforeEach(() => advance(2 * 60 * 60_000));

const authHeaders = (token = backend.anonKey) => ({
  apikey: backend.anonKey,
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
  'X-Supabase-Api-Version': '2024-01-01',
});

async function errorOf(response: Response): Promise<{ status: number; code: unknown }> {
  const body = (await response.json()) as { code?: unknown };
  return { status: response.status, code: body.code };
}

describe('token_refresh: POST /token, 150 per 5 minutes per address after a burst of 30', () => {
  it('refuses the 31st quick sign-in with 429 over_request_rate_limit, then allows one per 2 s', async () => {
    const user = await createUser(backend, { email: 'limits-token@example.com', password });
    const signIn = (secret: string) =>
      anonClient(backend).auth.signInWithPassword({ email: user.email, password: secret });
    for (let i = 0; i < 30; i += 1) {
      expect((await signIn('wrong-password')).error?.code).toBe('invalid_credentials');
    }
    const refused = await signIn(password);
    expect(refused.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    advance(1000);
    expect((await signIn(password)).error?.status).toBe(429);
    advance(1000);
    const allowed = await signIn(password);
    expect(allowed.error).toBeNull();
    expect(allowed.data.session?.access_token).toBeTruthy();
  }, 120_000);
});

describe('token_verifications: GET and POST /verify, 30 per 5 minutes after a burst of 30', () => {
  it('answers the 31st link with 429, and one more after 10 s', async () => {
    const open = () =>
      fetch(`${backend.url}/auth/v1/verify?token=not-a-token&type=signup`, {
        redirect: 'manual',
      });
    for (let i = 0; i < 30; i += 1) expect((await open()).status).toBe(303);
    const limited = await open();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    const dated = await fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify({ type: 'signup', token_hash: 'x' }),
    });
    expect(await errorOf(dated)).toEqual({ status: 429, code: 'over_request_rate_limit' });
    advance(9000);
    expect((await open()).status).toBe(429);
    advance(1000);
    expect((await open()).status).toBe(303);
  });
});

describe('email_sent and sign_in_sign_ups', () => {
  it('sends 2 confirmation mails an hour for the whole project; the 31st sign-up meets the request limit', async () => {
    const signUp = (n: number) =>
      anonClient(backend).auth.signUp({ email: `limits-signup-${n}@example.com`, password });
    for (const n of [1, 2]) {
      const { data, error } = await signUp(n);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(`limits-signup-${n}@example.com`);
    }
    const third = await signUp(3);
    expect(third.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    // GoTrue rolls the sign-up back with the refused mail: no account without its mail.
    const stored = await backend.sql<{ email: string }>(
      "select email from auth.users where email like 'limits-signup-%' order by email",
    );
    expect(stored.map((row) => row.email)).toEqual([
      'limits-signup-1@example.com',
      'limits-signup-2@example.com',
    ]);
    for (let n = 4; n <= 30; n += 1) {
      expect((await signUp(n)).error?.code).toBe('over_email_send_rate_limit');
    }
    expect((await signUp(31)).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    advance(60 * 60_000);
    const nextHour = await signUp(32);
    expect(nextHour.error).toBeNull();
    expect(nextHour.data.user?.email).toBe('limits-signup-32@example.com');
  }, 120_000);
});

describe('MFA verify: a burst of 30 per client address, then one every 4 s', () => {
  async function enrolledFactor(name: string) {
    const user = await createUser(backend, { email: `${name}@example.com`, password });
    const client = await signedInClient(backend, user.email, password);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolled.error) throw enrolled.error;
    const { data: session } = await client.auth.getSession();
    const token = session.session?.access_token ?? '';
    const challenge = await fetch(`${backend.url}/auth/v1/factors/${enrolled.data.id}/challenge`, {
      method: 'POST',
      headers: authHeaders(token),
      body: '{}',
    });
    const { id: challengeId } = (await challenge.json()) as { id: string };
    const verify = (code: string) =>
      fetch(`${backend.url}/auth/v1/factors/${enrolled.data.id}/verify`, {
        method: 'POST',
        headers: authHeaders(token),
        body: JSON.stringify({ challenge_id: challengeId, code }),
      });
    return { verify, secret: enrolled.data.totp.secret };
  }

  it('lets 30 quick attempts through, refuses the 31st (and other factors from the address) with 429, then allows one after 4 s', async () => {
    const first = await enrolledFactor('limits-mfa-first');
    const other = await enrolledFactor('limits-mfa-other');
    for (let i = 0; i < 30; i += 1) {
      expect(await errorOf(await first.verify('000000'))).toEqual({
        status: 422,
        code: 'mfa_verification_failed',
      });
    }
    expect(await errorOf(await first.verify(totpCode(first.secret)))).toEqual({
      status: 429,
      code: 'over_request_rate_limit',
    });
    // GoTrue counts per client address, whichever factor is tried.
    expect((await other.verify(totpCode(other.secret))).status).toBe(429);
    advance(3900);
    expect((await first.verify(totpCode(first.secret))).status).toBe(429);
    advance(100);
    const verified = await first.verify(totpCode(first.secret));
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { access_token?: string }).access_token).toBeTruthy();
    expect((await other.verify(totpCode(other.secret))).status).toBe(429);
  });
});
