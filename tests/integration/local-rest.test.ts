import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

let backend: TestBackend;
let ownerId: string;
const password = 'correct-horse-1';

// Test-only tables, created here rather than in a migration so these tests do not depend on the
// app's schema. widgets: anyone reads, anon inserts ownerless rows, owners change their own rows.
const schema = `
  create table public.widgets (
    id bigint generated always as identity primary key,
    name text not null unique check (char_length(name) between 1 and 40),
    price numeric,
    colour text,
    owner uuid,
    created_at timestamptz not null default now()
  );
  alter table public.widgets enable row level security;
  create policy widgets_read on public.widgets for select to anon, authenticated using (true);
  create policy widgets_anon_insert on public.widgets for insert to anon with check (owner is null);
  create policy widgets_owner_insert on public.widgets for insert to authenticated with check (owner = (select auth.uid()));
  create policy widgets_owner_update on public.widgets for update to authenticated using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
  create policy widgets_owner_delete on public.widgets for delete to authenticated using (owner = (select auth.uid()));

  create table public.drop_box (id bigint generated always as identity primary key, body text not null check (body <> ''));
  alter table public.drop_box enable row level security;
  create policy drop_box_insert on public.drop_box for insert to anon with check (char_length(body) < 100);

  create table public.vault (id int primary key, secret text);
  alter table public.vault enable row level security;
  revoke all on public.vault from anon, authenticated;

  create function public.request_context() returns json language sql stable as $$
    select json_build_object(
      'role', current_user,
      'claims', current_setting('request.jwt.claims', true)::json,
      'method', current_setting('request.method', true),
      'path', current_setting('request.path', true),
      'headers', current_setting('request.headers', true)::json,
      'uid', auth.uid())
  $$;
  create function public.add_numbers(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
  create function public.widgets_priced_over(floor numeric) returns setof public.widgets
    language sql stable as $$ select * from public.widgets where price > floor $$;
`;

const seedWidgets = [
  { name: 'anchor', price: 10, colour: 'red' },
  { name: 'bolt', price: 2.5, colour: null },
  { name: 'cog', price: 7, colour: 'blue' },
  { name: 'dowel', price: 1, colour: 'red' },
  { name: 'eyelet, large', price: null, colour: 'green' },
];

beforeAll(async () => {
  backend = await startTestBackend();
  await backend.sql(schema);
  const { error } = await anonClient(backend).from('widgets').insert(seedWidgets);
  if (error) throw new Error(error.message);
  ownerId = (await createUser(backend, { email: 'owner@example.com', password })).id;
});
afterAll(async () => {
  await backend?.stop();
});

function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${backend.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: backend.anonKey, ...init.headers },
  });
}

async function widgetCount(): Promise<number> {
  const rows = await backend.sql<{ n: number }>('select count(*)::int as n from public.widgets');
  return rows[0]?.n ?? -1;
}

describe('reads', () => {
  it('selects columns, aliases and *', async () => {
    const db = anonClient(backend);
    const { data, error, status } = await db
      .from('widgets')
      .select('name,cost:price')
      .eq('name', 'cog');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ name: 'cog', cost: 7 }]);
    const all = await db.from('widgets').select('*').eq('name', 'bolt').single();
    expect(Object.keys(all.data ?? {})).toEqual([
      'id',
      'name',
      'price',
      'colour',
      'owner',
      'created_at',
    ]);
  });

  it('filters with comparison, like/ilike, in, is and not', async () => {
    const db = anonClient(backend);
    const names = async (query: PromiseLike<{ data: { name: string }[] | null }>) =>
      (await query).data?.map((row) => row.name);
    expect(await names(db.from('widgets').select('name').gt('price', 5).order('name'))).toEqual([
      'anchor',
      'cog',
    ]);
    expect(await names(db.from('widgets').select('name').gte('price', 7).lte('price', 7))).toEqual([
      'cog',
    ]);
    expect(await names(db.from('widgets').select('name').lt('price', 2.5))).toEqual(['dowel']);
    expect(
      await names(db.from('widgets').select('name').neq('colour', 'red').order('name')),
    ).toEqual(['cog', 'eyelet, large']);
    expect(
      await names(db.from('widgets').select('name').like('name', '%o%').order('name')),
    ).toEqual(['anchor', 'bolt', 'cog', 'dowel']);
    expect(await names(db.from('widgets').select('name').ilike('name', 'E%'))).toEqual([
      'eyelet, large',
    ]);
    expect(
      await names(
        db.from('widgets').select('name').in('name', ['cog', 'eyelet, large']).order('name'),
      ),
    ).toEqual(['cog', 'eyelet, large']);
    expect(await names(db.from('widgets').select('name').is('colour', null))).toEqual(['bolt']);
    expect(
      await names(
        db
          .from('widgets')
          .select('name')
          .not('colour', 'is', null)
          .not('colour', 'eq', 'red')
          .order('name'),
      ),
    ).toEqual(['cog', 'eyelet, large']);
    const star = await rest('/widgets?select=name&name=like.*nch*');
    expect(await star.json()).toEqual([{ name: 'anchor' }]);
  });

  it('combines or=(...) groups with nested and(...)', async () => {
    const db = anonClient(backend);
    const { data, error } = await db
      .from('widgets')
      .select('name')
      .or('name.ilike.*cog*,and(colour.eq.red,price.lt.5)')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'cog' }, { name: 'dowel' }]);
    const quoted = await db
      .from('widgets')
      .select('name')
      .or('name.eq."eyelet, large",price.eq.10')
      .order('name');
    expect(quoted.data).toEqual([{ name: 'anchor' }, { name: 'eyelet, large' }]);
  });

  it('orders by several columns with nulls placement', async () => {
    const db = anonClient(backend);
    const { data } = await db
      .from('widgets')
      .select('name')
      .order('colour', { ascending: false, nullsFirst: true })
      .order('price');
    expect(data?.map((row) => row.name)).toEqual([
      'bolt',
      'dowel',
      'anchor',
      'eyelet, large',
      'cog',
    ]);
    const nullsLast = await db
      .from('widgets')
      .select('name,price')
      .order('price', { ascending: true, nullsFirst: false });
    expect(nullsLast.data?.at(-1)?.name).toBe('eyelet, large');
  });

  it('pages with range, limit/offset and the Range header, and counts exactly', async () => {
    const db = anonClient(backend);
    const page = await db
      .from('widgets')
      .select('name', { count: 'exact' })
      .order('name')
      .range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(5);
    expect(page.data).toEqual([{ name: 'bolt' }, { name: 'cog' }]);
    const whole = await db.from('widgets').select('name', { count: 'exact' });
    expect(whole.status).toBe(200);
    expect(whole.count).toBe(5);

    const limited = await rest('/widgets?select=name&order=name&limit=2&offset=3', {
      headers: { Prefer: 'count=exact' },
    });
    expect(limited.status).toBe(206);
    expect(limited.headers.get('content-range')).toBe('3-4/5');
    expect(await limited.json()).toEqual([{ name: 'dowel' }, { name: 'eyelet, large' }]);

    const ranged = await rest('/widgets?select=name&order=name', {
      headers: { Range: '0-1', 'Range-Unit': 'items' },
    });
    expect(ranged.headers.get('content-range')).toBe('0-1/*');
    expect(await ranged.json()).toHaveLength(2);

    const beyond = await rest('/widgets?select=name&offset=9', {
      headers: { Prefer: 'count=exact' },
    });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
    });

    const empty = await rest('/widgets?name=eq.none');
    expect(empty.headers.get('content-range')).toBe('*/*');
    const head = await db.from('widgets').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(5);
    expect(head.data).toBeNull();
  });

  it('returns one object for single() and handles maybeSingle()', async () => {
    const db = anonClient(backend);
    const one = await db.from('widgets').select('name').eq('name', 'cog').single();
    expect(one.data).toEqual({ name: 'cog' });
    const none = await db.from('widgets').select('name').eq('name', 'missing').single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await db.from('widgets').select('name').eq('colour', 'red').single();
    expect(many.error?.details).toBe('The result contains 2 rows');
    expect(
      (await db.from('widgets').select('name').eq('name', 'missing').maybeSingle()).data,
    ).toBeNull();
    expect((await db.from('widgets').select('name').eq('name', 'bolt').maybeSingle()).data).toEqual(
      { name: 'bolt' },
    );
    expect(
      (await db.from('widgets').select('name').eq('colour', 'red').maybeSingle()).error?.code,
    ).toBe('PGRST116');
  });
});

describe('writes', () => {
  it('inserts with return=minimal by default and with representation on select()', async () => {
    const db = anonClient(backend);
    const minimal = await db.from('widgets').insert({ name: 'flange', price: 3 });
    expect(minimal).toMatchObject({ data: null, error: null, status: 201 });
    const raw = await rest('/widgets', {
      method: 'POST',
      body: JSON.stringify({ name: 'gasket' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('content-range')).toBe('*/*');
    expect(await raw.text()).toBe('');

    const represented = await db
      .from('widgets')
      .insert([
        { name: 'hinge', price: 4 },
        { name: 'idler', price: 5 },
      ])
      .select('name,price');
    expect(represented.status).toBe(201);
    expect(represented.data).toEqual([
      { name: 'hinge', price: 4 },
      { name: 'idler', price: 5 },
    ]);
  });

  it('needs a read policy for return=representation (42501), not for minimal', async () => {
    const db = anonClient(backend);
    expect((await db.from('drop_box').insert({ body: 'hello' })).status).toBe(201);
    const represented = await db.from('drop_box').insert({ body: 'again' }).select();
    expect(represented.status).toBe(401);
    expect(represented.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "drop_box"',
    });
    const rows = await backend.sql<{ body: string }>(
      'select body from public.drop_box order by id',
    );
    expect(rows.map((row) => row.body)).toEqual(['hello']);
    expect((await db.from('drop_box').select()).data).toEqual([]);
  });

  it('maps constraint and type errors to PostgREST statuses and stores nothing', async () => {
    const db = anonClient(backend);
    const before = await widgetCount();
    const duplicate = await db.from('widgets').insert({ name: 'cog' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "widgets_name_key"',
    });
    // Postgres leaves out the key values of a table under RLS, so details is null as on Supabase.
    expect(duplicate.error?.details).toBeNull();
    const check = await db.from('widgets').insert({ name: '' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await db.from('widgets').insert({ price: 1 });
    expect(notNull.error?.code).toBe('23502');
    const badType = await db.from('widgets').insert({ name: 'x', price: 'lots' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const rls = await db.from('widgets').insert({ name: 'mine', owner: ownerId });
    expect(rls.status).toBe(401);
    expect(rls.error?.code).toBe('42501');
    const batch = await db.from('widgets').insert([{ name: 'ok-one' }, { name: '' }]);
    expect(batch.error?.code).toBe('23514');
    expect(await widgetCount()).toBe(before);
  });

  it('refuses unknown columns and mismatched keys', async () => {
    const unknown = await anonClient(backend).from('widgets').insert({ name: 'x1', weight: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'weight' column of 'widgets' in the schema cache",
    });
    const mismatched = await rest('/widgets', {
      method: 'POST',
      body: JSON.stringify([{ name: 'x2' }, { name: 'x3', price: 1 }]),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(mismatched.status).toBe(400);
    expect(await mismatched.json()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
    const withColumns = await rest('/widgets?columns=name,price', {
      method: 'POST',
      body: JSON.stringify([{ name: 'x4' }, { name: 'x5', price: 1, colour: 'ignored' }]),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    });
    expect(withColumns.status).toBe(201);
    expect(
      ((await withColumns.json()) as { colour: string | null }[]).map((row) => row.colour),
    ).toEqual([null, null]);
    await backend.sql(`delete from public.widgets where name in ('x4', 'x5')`);
  });

  it('updates and deletes with filters, under RLS', async () => {
    const owner = await signedInClient(backend, 'owner@example.com', password);
    const created = await owner
      .from('widgets')
      .insert({ name: 'owned', owner: ownerId, price: 1 })
      .select('id')
      .single();
    expect(created.error).toBeNull();

    const anonUpdate = await anonClient(backend)
      .from('widgets')
      .update({ price: 99 })
      .eq('name', 'owned');
    expect(anonUpdate.status).toBe(204);
    const updated = await owner
      .from('widgets')
      .update({ price: 2 })
      .eq('name', 'owned')
      .select('name,price');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ name: 'owned', price: 2 }]);
    const others = await owner.from('widgets').update({ price: 0 }).eq('name', 'cog').select();
    expect(others.data).toEqual([]);
    const minimal = await owner.from('widgets').update({ colour: 'black' }).eq('name', 'owned');
    expect(minimal.status).toBe(204);

    const deleted = await owner.from('widgets').delete().eq('id', created.data?.id).select('name');
    expect(deleted.data).toEqual([{ name: 'owned' }]);
    const service = await serviceClient(backend)
      .from('widgets')
      .delete()
      .in('name', ['flange', 'gasket', 'hinge', 'idler']);
    expect(service.status).toBe(204);
    expect(await widgetCount()).toBe(5);
  });

  it('calls functions through /rpc with the request settings PostgREST sets', async () => {
    const owner = await signedInClient(backend, 'owner@example.com', password);
    const { data, error } = await owner.rpc('request_context');
    expect(error).toBeNull();
    const context = data as {
      role: string;
      claims: Record<string, unknown>;
      method: string;
      path: string;
      headers: Record<string, string>;
      uid: string;
    };
    expect(context.role).toBe('authenticated');
    expect(context.uid).toBe(ownerId);
    expect(context.claims).toMatchObject({ role: 'authenticated', sub: ownerId });
    expect(context.method).toBe('POST');
    expect(context.path).toBe('/rpc/request_context');
    expect(context.headers.apikey).toBe(backend.anonKey);
    expect(Object.keys(context.headers).every((name) => name === name.toLowerCase())).toBe(true);

    const anonContext = await rest('/rpc/request_context', {
      method: 'POST',
      headers: { Cookie: 'a=b', 'Content-Type': 'application/json' },
      body: '{}',
    });
    const anonBody = (await anonContext.json()) as {
      role: string;
      claims: unknown;
      headers: Record<string, string>;
    };
    expect(anonBody.role).toBe('anon');
    expect(anonBody.claims).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    expect(anonBody.headers.cookie).toBeUndefined();

    expect((await anonClient(backend).rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await anonClient(backend).rpc('add_numbers', { a: 2 })).data).toBe(3);
    // A function returning a table's rows is filtered, ordered, paged and counted like the table.
    const priced = await anonClient(backend)
      .rpc('widgets_priced_over', { floor: 1.5 }, { count: 'exact' })
      .select('name, price')
      .not('colour', 'is', null)
      .order('price', { ascending: false })
      .range(0, 0);
    expect(priced.error).toBeNull();
    expect(priced.data).toEqual([{ name: 'anchor', price: 10 }]);
    expect(priced.count).toBe(2);
    expect(priced.status).toBe(206);
    const unknown = await anonClient(backend)
      .rpc('widgets_priced_over', { floor: 1 })
      .eq('shape', 'round');
    expect(unknown.error?.code).toBe('42703');

    const missing = await anonClient(backend).rpc('add_numberz', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.add_numbers',
    });
  });
});

describe('errors and bad input', () => {
  it('treats no JWT as anon, and refuses forged, expired and unknown-role JWTs', async () => {
    const bare = await fetch(`${backend.url}/rest/v1/widgets?select=name&name=eq.cog`);
    expect(await bare.json()).toEqual([{ name: 'cog' }]);

    const key = new TextEncoder().encode(backend.jwtSecret);
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-000'));
    const forgedResponse = await rest('/widgets', {
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(forgedResponse.status).toBe(401);
    expect(forgedResponse.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await forgedResponse.json()).toMatchObject({ code: 'PGRST301' });

    const expired = await new SignJWT({ role: 'authenticated', sub: ownerId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_600_000_000)
      .setExpirationTime(1_600_003_600)
      .sign(key);
    const expiredResponse = await rest('/widgets', {
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(expiredResponse.status).toBe(401);
    expect(expiredResponse.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
    expect(await expiredResponse.json()).toMatchObject({
      code: 'PGRST303',
      message: 'JWT expired',
    });

    const garbage = await rest('/widgets', { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(await garbage.json()).toMatchObject({
      code: 'PGRST301',
      message: 'Expected 3 parts in JWT; got 1',
    });

    const ghost = await new SignJWT({ role: 'ghost' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const ghostResponse = await rest('/widgets', { headers: { Authorization: `Bearer ${ghost}` } });
    expect(ghostResponse.status).toBe(401);
    expect(await ghostResponse.json()).toMatchObject({
      code: '22023',
      message: 'role "ghost" does not exist',
    });

    const superuser = await new SignJWT({ role: 'postgres' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const superuserResponse = await rest('/vault', {
      headers: { Authorization: `Bearer ${superuser}` },
    });
    expect(superuserResponse.status).toBe(403);
  });

  it('answers missing grants with 401 for anon and 403 for a signed-in user', async () => {
    const anon = await anonClient(backend).from('vault').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table vault',
    });
    const owner = await signedInClient(backend, 'owner@example.com', password);
    expect((await owner.from('vault').select()).status).toBe(403);
    expect((await serviceClient(backend).from('vault').select()).status).toBe(200);
  });

  it('reports unknown tables, columns, operators and unsupported features', async () => {
    const db = anonClient(backend);
    const table = await db.from('widget').select();
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.widgets'",
      message: "Could not find the table 'public.widget' in the schema cache",
    });
    const column = await db.from('widgets').select('name,weight');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({
      code: '42703',
      message: 'column widgets.weight does not exist',
    });
    expect((await db.from('widgets').select().eq('weight', 1)).error?.code).toBe('42703');
    expect((await db.from('widgets').select().order('weight')).error?.code).toBe('42703');
    const operator = await rest('/widgets?name=noop.x');
    expect(operator.status).toBe(400);
    expect(await operator.json()).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (noop.x)" (line 1, column 1)',
    });
    const embed = await db.from('widgets').select('name, owner:users(email)');
    expect(embed.status).toBe(400);
    expect(embed.error?.code).toBe('PGRST100');
    expect(embed.error?.message).toContain('not supported by the local backend');
    const contains = await rest('/widgets?colour=cs.{red}');
    expect(contains.status).toBe(400);
    const profile = await db.schema('private').from('widgets').select();
    expect(profile.status).toBe(406);
    expect(profile.error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      hint: 'Only the following schemas are exposed: public',
    });
    const badUuid = await db.from('widgets').select().eq('owner', 'not-a-uuid');
    expect(badUuid.status).toBe(400);
    expect(badUuid.error?.code).toBe('22P02');
  });

  it('refuses bad JSON, wrong content types and oversized bodies', async () => {
    const badJson = await rest('/widgets', {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const text = await rest('/widgets', {
      method: 'POST',
      body: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
    });
    const huge = await rest('/widgets', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ message: 'Request size limit exceeded' });
    expect(await widgetCount()).toBe(5);
  });

  it('never lets identifiers or values reach SQL as text', async () => {
    const db = anonClient(backend);
    const attempts = [
      rest(`/${encodeURIComponent('widgets; drop table public.widgets; --')}`),
      rest(
        `/widgets?select=${encodeURIComponent('name from public.widgets; drop table public.widgets; --')}`,
      ),
      rest(`/widgets?select=${encodeURIComponent('"name""; drop table public.widgets; --"')}`),
      rest(`/widgets?order=${encodeURIComponent('name; drop table public.widgets')}`),
      rest(`/widgets?${encodeURIComponent('name = name or 1=1 --')}=eq.x`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([400, 404]).toContain(response.status);
      expect(((await response.json()) as { code: string }).code).toMatch(/^(PGRST\d{3}|42703)$/);
    }
    // An alias is only ever a quoted identifier, so a hostile one is just an odd JSON key.
    const alias = await rest(
      `/widgets?name=eq.cog&select=${encodeURIComponent('"y\\";drop table public.widgets;--":price')}`,
    );
    expect(await alias.json()).toEqual([{ 'y";drop table public.widgets;--': 7 }]);
    const value = await db.from('widgets').select('name').eq('name', "cog' or '1'='1");
    expect(value.data).toEqual([]);
    const orValue = await db
      .from('widgets')
      .select('name')
      .or(`name.eq."x') or true; drop table public.widgets; --"`);
    expect(orValue.data).toEqual([]);
    const inserted = await db
      .from('widgets')
      .insert({ name: "'); drop table public.widgets; --" })
      .select('name');
    expect(inserted.data).toEqual([{ name: "'); drop table public.widgets; --" }]);
    await backend.sql(`delete from public.widgets where name like '%drop table%'`);
    expect(await widgetCount()).toBe(5);
    expect((await db.from('widgets').select('name').eq('name', 'cog')).data).toEqual([
      { name: 'cog' },
    ]);
  });

  it('answers CORS preflights for a browser app on another port', async () => {
    const preflight = await fetch(`${backend.url}/rest/v1/widgets`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, prefer, x-client-info',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');
    const read = await rest('/widgets?select=name&limit=1', {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(read.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
