import { deepStrictEqual, equal, ok } from 'node:assert/strict';

import { GOOGLE_CALENDAR, READ_FROM } from './calendar-fixtures.ts';
import { handle, readSyncEnv } from './handler.ts';

const env = readSyncEnv((name) =>
  name === 'SUPABASE_URL'
    ? 'http://db.test/'
    : name === 'SUPABASE_SERVICE_ROLE_KEY'
      ? 'service-key'
      : undefined,
);

const ADA = '0f0e0d0c-0000-4000-8000-00000000000a';
const GRACE = '0f0e0d0c-0000-4000-8000-00000000000b';
const ADA_URL = 'https://calendar.example/ical/ada-secret/basic.ics';
const GRACE_URL = 'https://calendar.example/ical/grace-secret/basic.ics';

const run = (authorization?: string, method = 'POST') =>
  new Request('http://localhost/functions/v1/sync-busy-calendars', {
    method,
    headers: authorization ? { Authorization: authorization } : {},
  });

/** The database (PostgREST's RPC answers) and the calendar servers, as fetches that record. */
function world(calendars: Record<string, () => Response>) {
  const recorded: { p_staff_id: string; p_busy: unknown[]; p_error: string | null }[] = [];
  const rpcCalls: string[] = [];
  const database = ((input: URL | string, init: RequestInit = {}) => {
    const url = String(input);
    rpcCalls.push(url);
    equal(new Headers(init.headers).get('authorization'), 'Bearer service-key');
    if (url === 'http://db.test/rest/v1/rpc/busy_calendars_to_read') {
      return Promise.resolve(
        Response.json([
          { staff_id: ADA, url: ADA_URL },
          { staff_id: GRACE, url: GRACE_URL },
        ]),
      );
    }
    if (url === 'http://db.test/rest/v1/rpc/record_busy_times') {
      const args = JSON.parse(String(init.body));
      recorded.push(args);
      return Promise.resolve(Response.json(args.p_error ? 0 : args.p_busy.length));
    }
    return Promise.resolve(new Response('{}', { status: 404 }));
  }) as typeof fetch;
  const calendarFetcher = ((input: URL | string) => {
    const answer = calendars[String(input)];
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('fetch failed'));
  }) as typeof fetch;
  return { recorded, rpcCalls, database, calendarFetcher };
}

Deno.test('readSyncEnv names every missing or bad variable', () => {
  const result = readSyncEnv(() => undefined);
  equal(result.ok, false);
  if (result.ok) return;
  ok(result.problems.some((problem) => problem.startsWith('SUPABASE_URL')));
  ok(result.problems.some((problem) => problem.startsWith('SUPABASE_SERVICE_ROLE_KEY')));
});

Deno.test('only the service role may run it, and only with POST', async () => {
  const { database, rpcCalls } = world({});
  equal((await handle(run(), env, database)).status, 401);
  equal((await handle(run('Bearer anon-key'), env, database)).status, 401);
  equal((await handle(run('Bearer service-key', 'GET'), env, database)).status, 405);
  equal(rpcCalls.length, 0);
});

Deno.test('records the busy times of each calendar, or why it could not be read', async () => {
  const { database, calendarFetcher, recorded } = world({
    [ADA_URL]: () =>
      new Response(GOOGLE_CALENDAR, { headers: { 'Content-Type': 'text/calendar' } }),
    [GRACE_URL]: () =>
      new Response('<html>Sign in</html>', { headers: { 'Content-Type': 'text/html' } }),
  });
  const response = await handle(run('Bearer service-key'), env, database, {
    calendarFetcher,
    now: () => READ_FROM,
  });
  equal(response.status, 200);
  deepStrictEqual(await response.json(), { calendars: 2, read: 1, failed: 1, busy: 15 });

  const ada = recorded.find((call) => call.p_staff_id === ADA);
  equal(ada?.p_error, null);
  equal(ada?.p_busy.length, 15);
  deepStrictEqual(ada?.p_busy[0], {
    starts_at: '2027-01-04T10:00:00.000Z',
    ends_at: '2027-01-04T11:00:00.000Z',
  });
  deepStrictEqual(
    recorded.find((call) => call.p_staff_id === GRACE),
    { p_staff_id: GRACE, p_busy: [], p_error: 'not iCalendar data' },
  );
  ok(!JSON.stringify(recorded).includes('secret'));
});

Deno.test(
  'a calendar server that fails is recorded with the reason, the others still read',
  async () => {
    const { database, calendarFetcher, recorded } = world({
      [ADA_URL]: () => new Response('gone', { status: 410 }),
    });
    const response = await handle(run('Bearer service-key'), env, database, {
      calendarFetcher,
      now: () => READ_FROM,
    });
    deepStrictEqual(await response.json(), { calendars: 2, read: 0, failed: 2, busy: 0 });
    deepStrictEqual(recorded.map((call) => call.p_error).sort(), [
      'the calendar server refused',
      'the calendar server refused',
    ]);
  },
);

Deno.test('without a checked connection no calendar server is asked', async () => {
  const { database, recorded } = world({});
  const response = await handle(run('Bearer service-key'), env, database, { now: () => READ_FROM });
  deepStrictEqual(await response.json(), { calendars: 2, read: 0, failed: 2, busy: 0 });
  deepStrictEqual(
    recorded.map((call) => call.p_error),
    ['the address is not allowed', 'the address is not allowed'],
  );
});

Deno.test('a database that cannot list the calendars fails the run with 502', async () => {
  const failing = (() => Promise.resolve(new Response('{}', { status: 500 }))) as typeof fetch;
  const response = await handle(run('Bearer service-key'), env, failing);
  equal(response.status, 502);
});

Deno.test('an unconfigured function says so without reading anything', async () => {
  const { database, rpcCalls } = world({});
  const response = await handle(
    run('Bearer service-key'),
    readSyncEnv(() => undefined),
    database,
  );
  equal(response.status, 500);
  equal(rpcCalls.length, 0);
});
