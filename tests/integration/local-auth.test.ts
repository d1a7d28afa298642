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
import { fragmentParams, latestLink, mailTo } from './support/mail.ts';

let backend: TestBackend;
const password = 'correct-horse-1';

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'http://localhost:5173' });
});
afterAll(async () => {
  await backend?.stop();
});

function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${backend.url}/auth/v1${path}`, {
    ...init,
    headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01', ...init.headers },
    redirect: 'manual',
  });
}

describe('sign-up with e-mail confirmation (hosted default)', () => {
  const email = 'flow@example.com';

  it('runs sign-up → e-mail → verify link → sign-in → refresh → sign-out', async () => {
    const client = anonClient(backend);
    const signUp = await client.auth.signUp({
      email: 'Flow@Example.com',
      password,
      options: {
        emailRedirectTo: 'http://localhost:5173/welcome',
        data: { full_name: 'Flo Example' },
      },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.user_metadata).toMatchObject({
      full_name: 'Flo Example',
      email_verified: false,
      email,
    });
    expect(signUp.data.user?.identities).toHaveLength(1);

    const [mail] = await mailTo(backend, email);
    expect(mail?.subject).toBe('Confirm Your Signup');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.origin + link.pathname).toBe(`${backend.url}/auth/v1/verify`);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:5173/welcome');

    const early = await client.auth.signInWithPassword({ email, password });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    const location = verified.headers.get('location') ?? '';
    expect(location.startsWith('http://localhost:5173/welcome#')).toBe(true);
    const fragment = fragmentParams(location);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    const claims = decodeJwt(fragment.get('access_token') ?? '');
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'otp' })]);

    const linkUser = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(linkUser.data.user?.email_confirmed_at).toBeTruthy();
    expect(linkUser.data.user?.user_metadata.email_verified).toBe(true);

    const reused = await fetch(link, { redirect: 'manual' });
    expect(fragmentParams(reused.headers.get('location') ?? '').get('error_code')).toBe(
      'otp_expired',
    );

    const signIn = await client.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);

    const user = await client.auth.getUser();
    expect(user.data.user?.id).toBe(signUp.data.user?.id);
    expect(user.data.user?.confirmed_at).toBeTruthy();

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session?.refresh_token);
    expect(refreshed.data.session?.user.id).toBe(user.data.user?.id);

    const lastRefreshToken = refreshed.data.session?.refresh_token ?? '';
    const oldAccessToken = refreshed.data.session?.access_token ?? '';
    expect((await client.auth.signOut()).error).toBeNull();

    const afterLogout = await anonClient(backend).auth.refreshSession({
      refresh_token: lastRefreshToken,
    });
    expect(afterLogout.error?.code).toBe('refresh_token_not_found');
    const staleUser = await anonClient(backend).auth.getUser(oldAccessToken);
    expect(staleUser.error?.name).toBe('AuthSessionMissingError');
  });

  it('issues access tokens with GoTrue claims', async () => {
    await createUser(backend, { email: 'claims@example.com', password });
    const client = await signedInClient(backend, 'claims@example.com', password);
    const { data } = await client.auth.getSession();
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'claims@example.com',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'password' })]);
  });

  it('answers an already confirmed address with an obfuscated user (identities: [])', async () => {
    await createUser(backend, { email: 'taken@example.com', password });
    const { data, error } = await anonClient(backend).auth.signUp({
      email: 'taken@example.com',
      password: 'another-pass',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe('');
    expect(await mailTo(backend, 'taken@example.com')).toHaveLength(0);
    const stillOld = await anonClient(backend).auth.signInWithPassword({
      email: 'taken@example.com',
      password,
    });
    expect(stillOld.error).toBeNull();
  });

  it('re-sends the confirmation for an unconfirmed address, at most once a second', async () => {
    const email = 'resend@example.com';
    const client = anonClient(backend);
    expect((await client.auth.signUp({ email, password })).error).toBeNull();
    const tooSoon = await client.auth.signUp({ email, password });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    await backend.sql(
      `update auth.users set confirmation_sent_at = now() - interval '5 seconds' where email = $1`,
      [email],
    );
    const again = await client.auth.signUp({ email, password });
    expect(again.error).toBeNull();
    expect(again.data.user?.email).toBe(email);
    const mails = await mailTo(backend, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.links[0]).not.toBe(mails[1]?.links[0]);
  });

  it('confirms with POST /verify and the e-mailed code', async () => {
    const email = 'otp@example.com';
    await anonClient(backend).auth.signUp({ email, password });
    const [mail] = await mailTo(backend, email);
    const code = /enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    const { data, error } = await anonClient(backend).auth.verifyOtp({
      email,
      token: code,
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it("refuses a link or code older than supabase/config.toml's otp_expiry (one hour)", async () => {
    const email = 'lapsed@example.com';
    await anonClient(backend).auth.signUp({ email, password });
    const [mail] = await mailTo(backend, email);
    const code = /enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    await backend.sql(
      `update auth.users set confirmation_sent_at = now() - interval '61 minutes' where email = $1`,
      [email],
    );
    const lapsed = await anonClient(backend).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(lapsed.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const link = await authFetch(
      new URL(mail?.links[0] ?? '').pathname.slice('/auth/v1'.length) +
        new URL(mail?.links[0] ?? '').search,
    );
    expect(link.headers.get('location')).toContain('error_code=otp_expired');

    await backend.sql(
      `update auth.users set confirmation_sent_at = now() - interval '59 minutes' where email = $1`,
      [email],
    );
    const inTime = await anonClient(backend).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(inTime.error).toBeNull();
  });

  it('redirects a bad link to the site URL with an error fragment, and ignores foreign redirects', async () => {
    const bad = await authFetch(
      `/verify?token=${'0'.repeat(56)}&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(
      'http://localhost:5173#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    const loopback = await authFetch(
      `/verify?token=abc&type=signup&redirect_to=${encodeURIComponent('http://127.0.0.1:4173/done')}`,
    );
    expect(
      loopback.headers
        .get('location')
        ?.startsWith('http://127.0.0.1:4173/done#error=access_denied'),
    ).toBe(true);
    const noType = await authFetch('/verify?token=abc');
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    });
  });
});

describe('refresh-token rotation and reuse detection', () => {
  it('returns the active token to a client that lost it, and revokes the family on later reuse', async () => {
    await createUser(backend, { email: 'rotate@example.com', password });
    const client = anonClient(backend);
    const first = await client.auth.signInWithPassword({ email: 'rotate@example.com', password });
    const token0 = first.data.session?.refresh_token ?? '';

    const r1 = await anonClient(backend).auth.refreshSession({ refresh_token: token0 });
    const token1 = r1.data.session?.refresh_token ?? '';
    expect(token1).not.toBe(token0);

    const lost = await anonClient(backend).auth.refreshSession({ refresh_token: token0 });
    expect(lost.error).toBeNull();
    expect(lost.data.session?.refresh_token).toBe(token1);

    const r2 = await anonClient(backend).auth.refreshSession({ refresh_token: token1 });
    const token2 = r2.data.session?.refresh_token ?? '';
    expect(token2).not.toBe(token1);

    // Beyond the 10 s reuse interval, replaying an old token revokes every token of the session.
    await backend.sql(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [token0],
    );
    const replay = await anonClient(backend).auth.refreshSession({ refresh_token: token0 });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
    const revoked = await backend.sql<{ revoked: boolean }>(
      `select revoked from auth.refresh_tokens where token = $1`,
      [token2],
    );
    expect(revoked[0]?.revoked).toBe(true);

    await backend.sql(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [token2],
    );
    const victim = await anonClient(backend).auth.refreshSession({ refresh_token: token2 });
    expect(victim.error?.code).toBe('refresh_token_already_used');
  });

  it('refuses unknown, malformed and missing refresh tokens', async () => {
    const unknown = await anonClient(backend).auth.refreshSession({
      refresh_token: 'abcdefghijkl',
    });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const short = await anonClient(backend).auth.refreshSession({ refresh_token: 'short' });
    expect(short.error?.code).toBe('validation_failed');
    const missing = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});

describe('auth errors', () => {
  beforeAll(async () => {
    await createUser(backend, { email: 'known@example.com', password });
  });

  it('refuses wrong passwords and unknown addresses alike', async () => {
    const client = anonClient(backend);
    const wrong = await client.auth.signInWithPassword({
      email: 'known@example.com',
      password: 'wrong-password',
    });
    const unknown = await client.auth.signInWithPassword({ email: 'nobody@example.com', password });
    for (const result of [wrong, unknown]) {
      expect(result.error?.name).toBe('AuthApiError');
      expect(result.error?.status).toBe(400);
      expect(result.error?.code).toBe('invalid_credentials');
      expect(result.error?.message).toBe('Invalid login credentials');
    }
  });

  it('validates sign-up input', async () => {
    const client = anonClient(backend);
    const noPassword = await client.auth.signUp({ email: 'a@example.com', password: '' });
    expect(noPassword.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
    const badEmail = await client.auth.signUp({ email: 'not-an-email', password });
    expect(badEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const noEmail = await client.auth.signUp({ email: '', password });
    expect(noEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
    // supabase/config.toml's minimum_password_length, in GoTrue's words and shape.
    const weak = await client.auth.signUp({ email: 'weak@example.com', password: 'eleven-char' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 12 characters.',
    });
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    const raw = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'weak-raw@example.com', password: 'short' }),
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 12 characters.',
      weak_password: { reasons: ['length'] },
    });
    const twelve = await client.auth.signUp({
      email: 'twelve@example.com',
      password: 'twelve-chars',
    });
    expect(twelve.error).toBeNull();
    const tooLong = await client.auth.signUp({
      email: 'long@example.com',
      password: 'x'.repeat(73),
    });
    expect(tooLong.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    expect(await mailTo(backend, 'weak@example.com')).toHaveLength(0);
  });

  it('requires an e-mail or phone on password sign-in and rejects other grants', async () => {
    const missing = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ password }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      code: 'validation_failed',
      message: 'missing email or phone',
    });
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
  });

  it('answers malformed JSON with bad_json, in both error formats', async () => {
    const dated = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(dated.status).toBe(400);
    expect(dated.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(dated.headers.get('x-sb-error-code')).toBe('bad_json');
    const body = (await dated.json()) as { code: string; message: string };
    expect(body.code).toBe('bad_json');
    expect(body.message).toMatch(/^Could not parse request body as JSON: /);

    const legacy = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body: 'nope',
    });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
  });

  it('guards /user and /logout with the Bearer JWT', async () => {
    const none = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });

    const client = await signedInClient(backend, 'known@example.com', password);
    const token = (await client.auth.getSession()).data.session?.access_token ?? '';
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const badSignature = await anonClient(backend).auth.getUser(forged);
    expect(badSignature.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(badSignature.error?.message).toMatch(
      /^invalid JWT: unable to parse or verify signature, /,
    );

    const anonKey = await anonClient(backend).auth.getUser(backend.anonKey);
    expect(anonKey.error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });

    const badScope = await authFetch('/logout?scope=everything', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everything"',
    });
    const logout = await authFetch('/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    expect(await logout.text()).toBe('');
  });

  it('keeps the admin API to the service role', async () => {
    const asAnon = await anonClient(backend).auth.admin.createUser({
      email: 'sneaky@example.com',
      password,
      email_confirm: true,
    });
    expect(asAnon.error).toMatchObject({
      status: 403,
      code: 'not_admin',
      message: 'User not allowed',
    });

    const admin = serviceClient(backend).auth.admin;
    const created = await admin.createUser({
      email: 'Made@Example.com',
      password: 'made-password-1',
      email_confirm: true,
      user_metadata: { full_name: 'Made' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email: 'made@example.com',
      role: 'authenticated',
      aud: 'authenticated',
    });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.user_metadata).toMatchObject({
      full_name: 'Made',
      email_verified: true,
    });

    const duplicate = await admin.createUser({
      email: 'made@example.com',
      password,
      email_confirm: true,
    });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const noEmail = await admin.createUser({ password });
    expect(noEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Cannot create a user without either an email or phone',
    });

    const list = await admin.listUsers();
    expect(list.error).toBeNull();
    expect(list.data.users.map((user) => user.email)).toContain('made@example.com');
    const unconfirmed = await admin.createUser({ email: 'later@example.com', password });
    const signIn = await anonClient(backend).auth.signInWithPassword({
      email: 'later@example.com',
      password,
    });
    expect(unconfirmed.error).toBeNull();
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('serves /settings and /health', async () => {
    const settings = (await (await authFetch('/settings')).json()) as {
      external: { email: boolean };
      mailer_autoconfirm: boolean;
    };
    expect(settings.external.email).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(false);
    expect((await authFetch('/health')).status).toBe(200);
  });

  it('lists captured mail newest first, filtered by recipient, and as an HTML inbox', async () => {
    const all = (await (await fetch(`${backend.url}/__local/mail`)).json()) as { id: number }[];
    expect(all.length).toBeGreaterThan(1);
    expect(all.map((mail) => mail.id)).toEqual(
      [...all.map((mail) => mail.id)].sort((a, b) => b - a),
    );
    const inbox = await fetch(`${backend.url}/__local/mail/inbox`);
    expect(inbox.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await inbox.text()).toContain('Confirm Your Signup');
    const link = await latestLink(backend, 'flow@example.com');
    expect(link).toContain('/auth/v1/verify?token=');
  });
});

describe('sign-up with autoconfirm (the CLI local default)', () => {
  let autoconfirm: TestBackend;
  beforeAll(async () => {
    autoconfirm = await startTestBackend({ autoconfirm: true });
  });
  afterAll(async () => {
    await autoconfirm?.stop();
  });

  it('returns a session at once and refuses a second sign-up with user_already_exists', async () => {
    const first = await anonClient(autoconfirm).auth.signUp({
      email: 'auto@example.com',
      password,
    });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token).toBeTruthy();
    expect(first.data.user?.email_confirmed_at).toBeTruthy();
    expect(await mailTo(autoconfirm, 'auto@example.com')).toHaveLength(0);
    const again = await anonClient(autoconfirm).auth.signUp({
      email: 'auto@example.com',
      password,
    });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });
});
