import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import { handle, readCall, readConsultationEnv, rpcOf } from './handler.ts';

const env = readConsultationEnv((name) =>
  name === 'SUPABASE_URL' ? 'http://db.test/' : name === 'SUPABASE_SERVICE_ROLE_KEY' ? 'sr' : '',
);
const TOKEN = `b.${'0123abcd-0000-4000-8000-000000000000'}.0.1900000000.${'A'.repeat(43)}`;
const KEY = 'k'.repeat(43);
const CONFIRM = `c.${'0123abcd-0000-4000-8000-000000000000'}.0.1900000000.${'B'.repeat(43)}`;

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://localhost/functions/v1/consultation', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A fetch that records the call and answers as PostgREST would. */
function database(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

Deno.test('readConsultationEnv names every missing or bad variable', () => {
  const result = readConsultationEnv(() => undefined);
  equal(result.ok, false);
  if (result.ok) return;
  ok(result.problems.some((problem) => problem.startsWith('SUPABASE_URL')));
  ok(result.problems.some((problem) => problem.startsWith('SUPABASE_SERVICE_ROLE_KEY')));
});

Deno.test('readCall accepts the six calls and says what is wrong with anything else', () => {
  deepStrictEqual(readCall({ action: 'slots', token: TOKEN }), {
    ok: true,
    value: { action: 'slots', token: TOKEN },
  });
  deepStrictEqual(readCall({ action: 'confirm', token: CONFIRM }), {
    ok: true,
    value: { action: 'confirm', token: CONFIRM },
  });
  deepStrictEqual(
    readCall({
      action: 'book',
      token: TOKEN,
      starts_at: '2027-01-11T09:00:00Z',
      time_zone: 'Europe/Paris',
    }),
    {
      ok: true,
      value: {
        action: 'book',
        token: TOKEN,
        startsAt: '2027-01-11T09:00:00Z',
        timeZone: 'Europe/Paris',
      },
    },
  );
  for (const [body, words] of [
    [[], 'JSON object'],
    [{ action: 'drop' }, 'action must be'],
    [{ action: 'cancel', token: 'b.x' }, 'token'],
    [{ action: 'confirm', token: `x${CONFIRM.slice(1)}` }, 'token'],
    [{ action: 'claim', key: 'short' }, 'key must be'],
    [{ action: 'book', token: TOKEN, starts_at: 'soon', time_zone: 'Europe/Paris' }, 'starts_at'],
    [
      { action: 'book', token: TOKEN, starts_at: '2027-01-11T09:00Z', time_zone: "x'; drop" },
      'time_zone',
    ],
  ] as const) {
    const result = readCall(body);
    equal(result.ok, false, JSON.stringify(body));
    if (!result.ok) ok(result.message.includes(words), result.message);
  }
});

Deno.test('rpcOf passes the forwarded-for header to every call, each limited per client', () => {
  deepStrictEqual(rpcOf({ action: 'slots', token: TOKEN }, '203.0.113.9'), {
    name: 'consultation_slots',
    args: { p_token: TOKEN, p_forwarded_for: '203.0.113.9' },
  });
  deepStrictEqual(rpcOf({ action: 'claim', key: KEY }, '203.0.113.9, 10.0.0.1'), {
    name: 'claim_consultation_token',
    args: { p_enquiry_key: KEY, p_forwarded_for: '203.0.113.9, 10.0.0.1' },
  });
  deepStrictEqual(rpcOf({ action: 'cancel', token: TOKEN }, '203.0.113.9'), {
    name: 'cancel_consultation',
    args: { p_token: TOKEN, p_forwarded_for: '203.0.113.9' },
  });
  deepStrictEqual(rpcOf({ action: 'confirm', token: CONFIRM }, '203.0.113.9'), {
    name: 'confirm_consultation',
    args: { p_token: CONFIRM, p_forwarded_for: '203.0.113.9' },
  });
  // without the header the database has no client to count: it passes null, never a guess
  deepStrictEqual(rpcOf({ action: 'slots', token: TOKEN }, null), {
    name: 'consultation_slots',
    args: { p_token: TOKEN, p_forwarded_for: null },
  });
});

Deno.test("slots and claim reach the database with the caller's X-Forwarded-For", async () => {
  for (const [body, name, args] of [
    [{ action: 'slots', token: TOKEN }, 'consultation_slots', { p_token: TOKEN }],
    [{ action: 'claim', key: KEY }, 'claim_consultation_token', { p_enquiry_key: KEY }],
  ] as const) {
    const { calls, fetcher } = database(200, {});
    const response = await handle(post(body, { 'X-Forwarded-For': '198.51.100.2' }), env, fetcher);
    equal(response.status, 200);
    equal(calls[0]!.url, `http://db.test/rest/v1/rpc/${name}`);
    deepStrictEqual(JSON.parse(String(calls[0]!.init.body)), {
      ...args,
      p_forwarded_for: '198.51.100.2',
    });
  }
});

Deno.test('the read limit is passed on to the visitor as a refusal, not a failure', async () => {
  const refusal = {
    code: 'P0001',
    message:
      'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
    details: null,
    hint: 'consultation_read_limit',
  };
  const limited = await handle(
    post({ action: 'slots', token: TOKEN }),
    env,
    database(400, refusal).fetcher,
  );
  equal(limited.status, 400);
  deepStrictEqual(await limited.json(), refusal);
});

Deno.test('a preflight is answered without a database call', async () => {
  const { calls, fetcher } = database(200, {});
  const response = await handle(
    new Request('http://localhost/', { method: 'OPTIONS' }),
    env,
    fetcher,
  );
  equal(response.status, 204);
  equal(response.headers.get('access-control-allow-origin'), '*');
  equal(calls.length, 0);
});

Deno.test('a call reaches its database function with the service role', async () => {
  const { calls, fetcher } = database(200, { slots: [] });
  const response = await handle(
    post({ action: 'cancel', token: TOKEN }, { 'X-Forwarded-For': '198.51.100.1' }),
    env,
    fetcher,
  );
  equal(response.status, 200);
  deepStrictEqual(await response.json(), { slots: [] });
  equal(calls[0]!.url, 'http://db.test/rest/v1/rpc/cancel_consultation');
  equal(new Headers(calls[0]!.init.headers).get('authorization'), 'Bearer sr');
  deepStrictEqual(JSON.parse(String(calls[0]!.init.body)), {
    p_token: TOKEN,
    p_forwarded_for: '198.51.100.1',
  });
});

Deno.test('a visitor refusal is passed on; any other failure is not', async () => {
  const refusal = {
    code: 'P0001',
    message: 'That time was just taken. Here are the nearest free times.',
    details: '["2027-01-11T09:30:00+00:00"]',
    hint: 'consultation_slot_taken',
  };
  const taken = await handle(
    post({ action: 'slots', token: TOKEN }),
    env,
    database(400, refusal).fetcher,
  );
  equal(taken.status, 400);
  deepStrictEqual(await taken.json(), refusal);

  const internal = {
    code: '42501',
    message: 'permission denied for table x',
    details: null,
    hint: null,
  };
  const hidden = await handle(
    post({ action: 'slots', token: TOKEN }),
    env,
    database(401, internal).fetcher,
  );
  equal(hidden.status, 502);
  const text = await hidden.text();
  ok(!text.includes('permission denied'), text);
});

Deno.test('bad bodies get 400 or 413 and no database call', async () => {
  const { calls, fetcher } = database(200, {});
  equal((await handle(post('{not json'), env, fetcher)).status, 400);
  equal(
    (await handle(post({ action: 'slots', token: 'x'.repeat(5000) }), env, fetcher)).status,
    413,
  );
  equal(
    (await handle(new Request('http://localhost/', { method: 'GET' }), env, fetcher)).status,
    405,
  );
  equal(calls.length, 0);
});

Deno.test(
  'a zone Intl does not know is refused as the database would, before any call',
  async () => {
    const db = database(200, {});
    const response = await handle(
      post({
        action: 'book',
        token: TOKEN,
        starts_at: '2027-01-11T09:00Z',
        time_zone: 'Nowhere/Town',
      }),
      env,
      db.fetcher,
    );
    equal(response.status, 400);
    equal((await response.json()).hint, 'consultation_time_zone_invalid');
    equal(db.calls.length, 0);
  },
);

Deno.test('a consultation_ hint not on the list is not passed on', async () => {
  const db = database(400, { code: 'P0001', message: 'x', hint: 'consultation_unheard_of' });
  const response = await handle(post({ action: 'cancel', token: TOKEN }), env, db.fetcher);
  equal(response.status, 502);
  equal((await response.json()).code, 'unavailable');
});

Deno.test(
  'the forwarding probe answers the service role with the header, and no one else',
  async () => {
    const { calls, fetcher } = database(200, {});
    const chain = '203.0.113.77, 198.51.100.4, 10.0.0.9';
    const asked = await handle(
      post({ action: 'forwarding' }, { Authorization: 'Bearer sr', 'X-Forwarded-For': chain }),
      env,
      fetcher,
    );
    equal(asked.status, 200);
    deepStrictEqual(await asked.json(), { forwarded_for: chain });

    for (const authorization of [undefined, 'Bearer anon-key', 'Bearer sr2']) {
      const refused = await handle(
        post(
          { action: 'forwarding' },
          { 'X-Forwarded-For': chain, ...(authorization ? { Authorization: authorization } : {}) },
        ),
        env,
        fetcher,
      );
      equal(refused.status, 401);
      ok(!(await refused.text()).includes('198.51.100.4'));
    }
    equal(calls.length, 0);
  },
);
