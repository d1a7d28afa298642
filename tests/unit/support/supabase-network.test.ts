import { describe, expect, it, vi } from 'vitest';

import {
  filterOn,
  filtersOn,
  TEST_ANON_KEY,
  TEST_SUPABASE_URL,
  useSupabaseNetwork,
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
