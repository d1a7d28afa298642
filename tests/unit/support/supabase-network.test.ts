import { describe, expect, it, vi } from 'vitest';

import {
  filterOn,
  filtersOn,
  TEST_ANON_KEY,
  TEST_SUPABASE_URL,
  TEST_TOTP_CODE,
  TEST_TOTP_QR_SVG,
  TEST_TOTP_SECRET,
  useSupabaseNetwork,
  verifiedTotpFactor,
} from './supabase-network';

const network = useSupabaseNetwork();

const rows = [
  { id: 'e1', status: 'new' },
  { id: 'e2', status: 'new' },
];

describe('reads', () => {
  it('hands the table handler the filters, order and page as PostgREST receives them', async () => {
    const { client, requests } = network.answer({
      tables: { contact_submissions: () => ({ data: rows }) },
    });
    const { data } = await client
      .from('contact_submissions')
      .select('id, status')
      .eq('status', 'new')
      .in('id', ['a', 'b,c'])
      .not('assigned_to', 'is', null)
      .gte('created_at', '2026-01-01')
      .lt('created_at', '2026-02-01')
      .or('name.ilike.*ada*,email.ilike.*ada*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(20, 29);
    expect(data).toEqual(rows);

    const [request] = requests;
    expect(request).toMatchObject({ method: 'GET', kind: 'table', name: 'contact_submissions' });
    expect(request?.params.get('select')).toBe('id,status');
    expect(filterOn(request!, 'status')).toEqual({ op: 'eq', value: 'new' });
    expect(filterOn(request!, 'id')).toEqual({ op: 'in', value: ['a', 'b,c'] });
    expect(filterOn(request!, 'assigned_to')).toEqual({ op: 'not.is', value: 'null' });
    expect(filtersOn(request!, 'created_at')).toEqual([
      { op: 'gte', value: '2026-01-01' },
      { op: 'lt', value: '2026-02-01' },
    ]);
    expect(() => filterOn(request!, 'created_at')).toThrow('2 filters on created_at');
    expect(request?.params.get('or')).toBe('(name.ilike.*ada*,email.ilike.*ada*)');
    expect(request?.params.get('order')).toBe('created_at.desc,id.asc');
    // range() is sent as offset and limit, not as a Range header.
    expect(request?.params.get('offset')).toBe('20');
    expect(request?.params.get('limit')).toBe('10');
    expect(request?.headers.range).toBeUndefined();
    expect(request?.range).toEqual({ from: 20, to: 29 });
    expect(request?.headers['accept-profile']).toBe('public');
    expect(request?.body).toBeUndefined();
  });

  it('answers with the rows the handler gives, and no count unless one was asked for', async () => {
    const { client } = network.answer({ tables: { enquiry_notes: () => ({ data: rows }) } });
    const result = await client.from('enquiry_notes').select('id');
    expect(result).toMatchObject({ data: rows, error: null, count: null, status: 200 });
  });

  it('sends the count as PostgREST does when it was asked for, a partial page as 206', async () => {
    const { client, requests } = network.answer({
      tables: { enquiry_notes: () => ({ data: rows, count: 42 }) },
    });
    const result = await client
      .from('enquiry_notes')
      .select('id', { count: 'exact' })
      .range(10, 11);
    expect(result).toMatchObject({ data: rows, count: 42, status: 206 });
    expect(requests[0]?.prefer).toEqual(['count=exact']);
  });

  it('counts the rows themselves when the handler gives no count', async () => {
    const { client } = network.answer({ tables: { enquiry_notes: () => ({ data: rows }) } });
    const result = await client.from('enquiry_notes').select('id', { count: 'exact' });
    expect(result).toMatchObject({ data: rows, count: 2, status: 200 });
  });

  it('answers a HEAD count with the total only', async () => {
    const { client, requests } = network.answer({
      tables: { contact_submissions: () => ({ count: 7 }) },
    });
    const result = await client
      .from('contact_submissions')
      .select('*', { count: 'exact', head: true })
      .eq('status', 'new');
    expect(result).toMatchObject({ data: null, error: null, count: 7, status: 200 });
    expect(requests[0]).toMatchObject({ method: 'HEAD', head: true, prefer: ['count=exact'] });
    expect(filterOn(requests[0]!, 'status')).toEqual({ op: 'eq', value: 'new' });
  });
});

describe('one row', () => {
  it('answers single() with the one row as an object', async () => {
    const { client, requests } = network.answer({
      tables: { contact_submissions: () => ({ data: [rows[0]] }) },
    });
    const { data, error } = await client
      .from('contact_submissions')
      .select('id, status')
      .eq('id', 'e1')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual(rows[0]);
    expect(requests[0]?.single).toBe(true);
    expect(requests[0]?.headers.accept).toBe('application/vnd.pgrst.object+json');
  });

  it('refuses single() with PGRST116 when no row or several match', async () => {
    const { client } = network.answer({
      tables: { none: () => ({ data: [] }), many: () => ({ data: rows }) },
    });
    for (const [table, count] of [
      ['none', 0],
      ['many', 2],
    ] as const) {
      // Tables the app does not have; the client's types know only the app's.
      const result = await client
        .from(table as 'contact_submissions')
        .select()
        .single();
      expect(result).toMatchObject({
        data: null,
        status: 406,
        error: {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: `The result contains ${count} rows`,
          hint: null,
        },
      });
    }
  });

  it('leaves maybeSingle() to the client: an array is sent, no row gives null', async () => {
    const { client, requests } = network.answer({
      tables: { user_roles: () => ({ data: [] }) },
    });
    const result = await client.from('user_roles').select('role').maybeSingle();
    expect(result).toMatchObject({ data: null, error: null, status: 200 });
    expect(requests[0]?.single).toBe(false);
  });
});

describe('writes', () => {
  it('records the inserted body and returns nothing unless the rows were asked for', async () => {
    const { client, requests } = network.answer({
      tables: { audit_log: (request) => ({ data: [request.body] }) },
    });
    const quiet = await client.from('audit_log').insert({ action: 'auth_sign_out' });
    expect(quiet).toMatchObject({ data: null, error: null, status: 201 });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { action: 'auth_sign_out' },
      prefer: [],
    });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.headers['content-profile']).toBe('public');

    const returned = await client
      .from('audit_log')
      .insert({ action: 'auth_sign_in_success' })
      .select()
      .single();
    expect(returned).toMatchObject({ data: { action: 'auth_sign_in_success' }, status: 201 });
    expect(requests[1]?.prefer).toEqual(['return=representation']);
  });

  it('records an update and a delete with their filters', async () => {
    const { client, requests } = network.answer({
      tables: { contact_submissions: () => ({}) },
    });
    const updated = await client
      .from('contact_submissions')
      .update({ status: 'won' })
      .eq('id', 'e1');
    const deleted = await client.from('contact_submissions').delete().in('id', ['e1', 'e2']);
    expect([updated.status, deleted.status]).toEqual([204, 204]);
    expect(requests.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PATCH', body: { status: 'won' } },
      { method: 'DELETE', body: undefined },
    ]);
    expect(filterOn(requests[0]!, 'id')).toEqual({ op: 'eq', value: 'e1' });
    expect(filterOn(requests[1]!, 'id')).toEqual({ op: 'in', value: ['e1', 'e2'] });
  });
});

describe('database functions', () => {
  it('hands the function handler its arguments as the JSON body', async () => {
    const { client, requests } = network.answer({
      rpc: { enquiry_timeline: (request) => ({ data: [{ asked: request.body }] }) },
    });
    const { data } = await client.rpc('enquiry_timeline', { _submission_id: 'e1' });
    expect(data).toEqual([{ asked: { _submission_id: 'e1' } }]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      kind: 'rpc',
      name: 'enquiry_timeline',
      url: `${TEST_SUPABASE_URL}/rest/v1/rpc/enquiry_timeline`,
    });
  });

  it('drops undefined arguments, as JSON does', async () => {
    const { client, requests } = network.answer({ rpc: { record_enquiry_export: () => ({}) } });
    const result = await client.rpc('record_enquiry_export', {
      exported: 3,
      status: undefined,
      searched: false,
    });
    // A function returning void: no content.
    expect(result).toMatchObject({ data: null, error: null, status: 204 });
    expect(requests[0]?.body).toStrictEqual({ exported: 3, searched: false });
  });

  it('reads the arguments of a GET call from the query', async () => {
    const { client, requests } = network.answer({
      rpc: { enquiry_timeline: () => ({ data: [] }) },
    });
    await client.rpc('enquiry_timeline', { _submission_id: 'e1' }, { get: true });
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.params.get('_submission_id')).toBe('e1');
  });
});

describe('errors', () => {
  const refusal = { code: '42501', message: 'permission denied for table audit_log' };

  it('sends a refusal as PostgREST does: 403 to a signed-in user, 401 to the anon key', async () => {
    const signedIn = network.answer({
      userId: 'u-1',
      rpc: { list_staff: () => ({ error: refusal }) },
    });
    const anonymous = network.answer({ rpc: { list_staff: () => ({ error: refusal }) } });
    const asUser = await signedIn.client.rpc('list_staff');
    const asAnon = await anonymous.client.rpc('list_staff');
    expect(asUser).toMatchObject({
      data: null,
      status: 403,
      error: { ...refusal, details: null, hint: null },
    });
    expect(asAnon.status).toBe(401);
  });

  it('maps other codes to their status and defaults a code-less error to P0001', async () => {
    const { client } = network.answer({
      rpc: {
        duplicate: () => ({ error: { code: '23505', message: 'duplicate key' } }),
        raised: () => ({ error: { message: 'Only staff admins may export enquiries.' } }),
        teapot: () => ({ error: { code: 'P0001', message: 'odd' }, status: 418 }),
      },
    });
    const call = (name: string) => client.rpc(name as 'list_staff');
    expect((await call('duplicate')).status).toBe(409);
    expect(await call('raised')).toMatchObject({
      status: 400,
      error: { code: 'P0001', message: 'Only staff admins may export enquiries.' },
    });
    expect((await call('teapot')).status).toBe(418);
  });

  it('fails the request as a network failure would', async () => {
    const { client } = network.answer({ rpc: { list_staff: () => 'network-failure' } });
    const { data, error, status } = await client.rpc('list_staff');
    expect(data).toBeNull();
    expect(status).toBe(0);
    expect(error?.message).toMatch(/^TypeError: /);
  });
});

describe('who asks', () => {
  it('signs the client in as userId, with no auth request', async () => {
    const { client, requests } = network.answer({
      userId: 'u-ann',
      email: 'ann@kestrel.example',
      tables: { user_roles: () => ({ data: [] }) },
    });
    const { data } = await client.auth.getSession();
    expect(data.session?.user).toMatchObject({ id: 'u-ann', email: 'ann@kestrel.example' });
    await client.from('user_roles').select('role');
    const token = data.session?.access_token;
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.apikey).toBe(TEST_ANON_KEY);
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'u-ann', role: 'authenticated' });
    expect(requests).toHaveLength(1);
  });

  it('uses the anon key without a userId', async () => {
    const { client, requests } = network.answer({ tables: { user_roles: () => ({ data: [] }) } });
    expect((await client.auth.getSession()).data.session).toBeNull();
    await client.from('user_roles').select('role');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TEST_ANON_KEY}`);
  });

  it('keeps the handlers and requests of two clients of one test apart', async () => {
    const first = network.answer({ rpc: { list_staff: () => ({ data: ['first'] }) } });
    const second = network.answer({ rpc: { list_staff: () => ({ data: ['second'] }) } });
    expect((await second.client.rpc('list_staff')).data).toEqual(['second']);
    expect((await first.client.rpc('list_staff')).data).toEqual(['first']);
    expect([first.requests.length, second.requests.length]).toEqual([1, 1]);
  });
});

describe('requests no handler answers', () => {
  it('answers them with a PostgREST 404 and lists them', async () => {
    const { client } = network.answer();
    const table = await client.from('user_roles').select('role');
    const fn = await client.rpc('list_staff');
    expect(table).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    expect(table.error?.hint).toContain('No test handler answers GET user_roles');
    expect(fn).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    await fetch(`${TEST_SUPABASE_URL}/auth/v1/user`);
    expect(network.takeUnhandled()).toEqual([
      `GET ${TEST_SUPABASE_URL}/rest/v1/user_roles?select=role`,
      `POST ${TEST_SUPABASE_URL}/rest/v1/rpc/list_staff`,
      `GET ${TEST_SUPABASE_URL}/auth/v1/user`,
    ]);
  });

  // Expected to fail: after the test, an unanswered request fails it.
  it.fails('fail the test they were sent in', async () => {
    const { client } = network.answer();
    await client.from('user_roles').select('role');
  });

  it.fails('fail it too when they go to another address', async () => {
    // MSW refuses it with a console.error of its own, which the unit setup turns into a throw.
    const mswMessage = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fetch('http://elsewhere.test/x').catch(() => undefined);
    mswMessage.mockRestore();
  });

  it.fails('fail it when a handler throws, as a failed expect in it does', async () => {
    const { client } = network.answer({
      rpc: {
        list_staff: () => {
          throw new Error('a handler failed');
        },
      },
    });
    await client.rpc('list_staff');
  });
});

describe('GoTrue at /auth/v1', () => {
  const account = { id: 'u-ada', email: 'ada@example.com', password: 'correct-horse' };
  const totp = verifiedTotpFactor();
  const claimsOf = (token: string | undefined) =>
    JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;

  it('signs a signed-out client in with the password as GoTrue does, an aal1 session', async () => {
    const { client, requests } = network.answer({ auth: { account } });
    expect((await client.auth.getSession()).data.session).toBeNull();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
    expect(error).toBeNull();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      kind: 'auth',
      name: '/token',
      body: { email: 'ada@example.com', password: 'correct-horse' },
    });
    expect(requests[0]?.params.get('grant_type')).toBe('password');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TEST_ANON_KEY}`);
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });
    expect(data.user).toMatchObject({ id: 'u-ada', email: 'ada@example.com' });
    expect(claimsOf(data.session?.access_token)).toMatchObject({
      sub: 'u-ada',
      email: 'ada@example.com',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
    });
    expect((await client.auth.getSession()).data.session?.user.id).toBe('u-ada');
    await vi.waitFor(() => expect(events).toContain('SIGNED_IN'));
  });

  it('refuses a wrong password with 400 invalid_credentials, the code auth-js reads', async () => {
    const { client } = network.answer({ auth: { account } });
    const { error } = await client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'wrong-password',
    });
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('sends the 2024-01-01 error shape to auth-js, the initial one to a client without it', async () => {
    network.answer({ auth: { account } });
    const legacy = await fetch(`${TEST_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'x-test-client': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'wrong-password' }),
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const current = await fetch(`${TEST_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'x-test-client': '1', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'wrong-password' }),
    });
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await current.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('lets a handler answer a route, or hold it and then let GoTrue answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { client, requests } = network.answer({
      auth: {
        account,
        handlers: {
          signup: () => ({ error: { code: 'over_request_rate_limit' } }),
          token: async (_request, gotrue) => {
            await held;
            return gotrue();
          },
        },
      },
    });
    const refused = await client.auth.signUp({
      email: 'new@example.com',
      password: 'long-enough-pw',
    });
    expect(refused.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const signingIn = client.auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
    await vi.waitFor(() => expect(requests.map((request) => request.name)).toContain('/token'));
    release();
    expect((await signingIn).error).toBeNull();
  });

  it('signs up a new address as a user without a session, an existing one without identities', async () => {
    const { client, requests } = network.answer({ auth: { account } });
    const created = await client.auth.signUp({
      email: 'new@example.com',
      password: 'long-enough-pw',
      options: { emailRedirectTo: 'https://x.example/auth', data: { full_name: 'New' } },
    });
    expect(created.error).toBeNull();
    expect(created.data.session).toBeNull();
    expect(created.data.user?.identities).toHaveLength(1);
    expect(created.data.user?.user_metadata).toMatchObject({ full_name: 'New' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      name: '/signup',
      body: { email: 'new@example.com', password: 'long-enough-pw', data: { full_name: 'New' } },
    });
    expect(requests[0]?.params.get('redirect_to')).toBe('https://x.example/auth');
    const existing = await client.auth.signUp({
      email: 'ada@example.com',
      password: 'another-long-pw',
    });
    expect(existing.data.user?.identities).toEqual([]);
  });

  it('signs out with POST /logout?scope=global and 204, then emits SIGNED_OUT', async () => {
    const { client, requests } = network.answer({ userId: 'u-ada', email: 'ada@example.com' });
    const token = (await client.auth.getSession()).data.session?.access_token;
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    expect((await client.auth.signOut()).error).toBeNull();
    expect(requests[0]).toMatchObject({ method: 'POST', kind: 'auth', name: '/logout' });
    expect(requests[0]?.params.get('scope')).toBe('global');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toContain('SIGNED_OUT');
  });

  it('answers GET /user with the user and their factors, and sets the level from aal', async () => {
    const { client, requests } = network.answer({
      userId: 'u-ada',
      email: 'ada@example.com',
      aal: 'aal2',
      auth: { factors: [totp] },
    });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((factor) => factor.id)).toEqual(['factor-1']);
    expect(requests[0]).toMatchObject({ method: 'GET', kind: 'auth', name: '/user' });
    const levels = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levels.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(requests).toHaveLength(1);
  });

  it('enrols a TOTP factor, refuses a wrong code, and verifies the right one to aal2', async () => {
    const { client, requests } = network.answer({ userId: 'u-ada', email: 'ada@example.com' });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    const enrolled = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer: 'Kestrel Data',
    });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data!.id;
    expect(enrolled.data).toMatchObject({
      type: 'totp',
      friendly_name: 'Authenticator app',
      totp: {
        qr_code: `data:image/svg+xml;utf-8,${TEST_TOTP_QR_SVG}`,
        secret: TEST_TOTP_SECRET,
        uri: expect.stringMatching(/^otpauth:\/\/totp\/Kestrel%20Data:ada@example\.com\?/),
      },
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      name: '/factors',
      body: { friendly_name: 'Authenticator app', factor_type: 'totp', issuer: 'Kestrel Data' },
    });
    const again = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
    });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const wrong = await client.auth.mfa.challengeAndVerify({ factorId, code: '000000' });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const right = await client.auth.mfa.challengeAndVerify({ factorId, code: TEST_TOTP_CODE });
    expect(right.error).toBeNull();
    const [challenge, verify] = requests.slice(-2);
    expect(challenge).toMatchObject({ method: 'POST', name: `/factors/${factorId}/challenge` });
    expect(verify).toMatchObject({
      method: 'POST',
      name: `/factors/${factorId}/verify`,
      body: { code: TEST_TOTP_CODE, challenge_id: expect.any(String) },
    });
    const session = (await client.auth.getSession()).data.session;
    expect(claimsOf(session?.access_token)).toMatchObject({ aal: 'aal2' });
    expect(session?.user.factors).toEqual([expect.objectContaining({ status: 'verified' })]);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
  });

  it('removes a factor with DELETE /factors/:id, and says mfa_factor_not_found after', async () => {
    const { client, requests } = network.answer({
      userId: 'u-ada',
      auth: { factors: [{ ...totp, status: 'unverified' }] },
    });
    expect(await client.auth.mfa.unenroll({ factorId: 'factor-1' })).toMatchObject({
      data: { id: 'factor-1' },
      error: null,
    });
    expect(requests[0]).toMatchObject({ method: 'DELETE', name: '/factors/factor-1' });
    const gone = await client.auth.mfa.challenge({ factorId: 'factor-1' });
    expect(gone.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('refreshes an expiring stored session through POST /token?grant_type=refresh_token', async () => {
    const { client, requests } = network.answer({
      userId: 'u-ada',
      aal: 'aal2',
      auth: { expiresAt: Math.floor(Date.now() / 1000) + 10 },
    });
    const { data } = await client.auth.getSession();
    expect(requests[0]?.params.get('grant_type')).toBe('refresh_token');
    expect(requests[0]?.body).toEqual({ refresh_token: 'refresh-aal2-u-ada' });
    expect(claimsOf(data.session?.access_token)).toMatchObject({ sub: 'u-ada', aal: 'aal2' });
  });
});
