import { deepStrictEqual, equal, ok } from 'node:assert/strict';

import { feedCalendar, handle, readFeedEnv, type Feed } from './handler.ts';

const env = readFeedEnv(
  (name) =>
    ({
      SUPABASE_URL: 'http://db.test',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      SITE_URL: 'https://www.kestrel.test/',
    })[name],
);
const TOKEN = 'A'.repeat(40) + '-_9';

const feed: Feed = {
  staff_name: 'Ada Lovelace',
  bookings: [
    {
      id: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      uid: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data',
      sequence: 1,
      status: 'booked',
      starts_at: '2027-01-11T10:00:00+00:00',
      ends_at: '2027-01-11T10:30:00+00:00',
      name: 'Sam Prospect',
      company: 'Prospect; Sons, Ltd',
      submission_id: '9a8b7c6d-0000-4000-8000-000000000001',
    },
    {
      id: '4c1f9a8b-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      uid: '4c1f9a8b-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data',
      sequence: 2,
      status: 'cancelled',
      starts_at: '2027-01-12T14:00:00+00:00',
      ends_at: '2027-01-12T14:30:00+00:00',
      name: 'Lee Other',
      company: null,
      submission_id: '9a8b7c6d-0000-4000-8000-000000000002',
    },
  ],
};

/** The database's answer to consultation_feed, recording the calls. */
function database(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

const get = (query: string, method = 'GET') =>
  new Request(`http://localhost/functions/v1/consultation-feed${query}`, { method });

/** The unfolded content lines of a calendar. */
const linesOf = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

Deno.test('readFeedEnv names every missing or bad variable', () => {
  const result = readFeedEnv(() => undefined);
  equal(result.ok, false);
  if (result.ok) return;
  for (const name of ['SUPABASE_URL', 'SITE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) {
    ok(
      result.problems.some((problem) => problem.startsWith(name)),
      name,
    );
  }
});

Deno.test('each booking is named after the prospect and links to its enquiry', () => {
  const lines = linesOf(
    feedCalendar(feed, 'https://www.kestrel.test', new Date('2027-01-05T08:00:00Z')),
  );
  ok(lines.includes('X-WR-CALNAME:Kestrel Data consultations: Ada Lovelace'));
  ok(lines.includes('SUMMARY:Consultation: Sam Prospect\\, Prospect\\; Sons\\, Ltd'));
  ok(lines.includes('SUMMARY:Consultation: Lee Other'));
  ok(
    lines.includes(
      'URL:https://www.kestrel.test/admin/needs-reply?enquiry=9a8b7c6d-0000-4000-8000-000000000001',
    ),
  );
  ok(
    lines.includes(
      'DESCRIPTION:The enquiry: https://www.kestrel.test/admin/needs-reply?enquiry=9a8b7c6d-0000-4000-8000-000000000001',
    ),
  );
  ok(lines.includes('UID:3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data'));
  ok(lines.includes('DTSTART:20270111T100000Z'));
  ok(lines.includes('STATUS:CANCELLED'));
  ok(lines.includes('DTSTAMP:20270105T080000Z'));
});

Deno.test('a known token gets the calendar, privately cached for five minutes', async () => {
  const { calls, fetcher } = database(200, feed);
  const response = await handle(get(`?token=${TOKEN}`), env, fetcher);
  equal(response.status, 200);
  equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
  equal(response.headers.get('cache-control'), 'private, max-age=300');
  ok((await response.text()).startsWith('BEGIN:VCALENDAR\r\n'));
  equal(calls[0]!.url, 'http://db.test/rest/v1/rpc/consultation_feed');
  equal(new Headers(calls[0]!.init.headers).get('authorization'), 'Bearer service-key');
  deepStrictEqual(JSON.parse(String(calls[0]!.init.body)), { p_token: TOKEN });

  const head = await handle(get(`?token=${TOKEN}`, 'HEAD'), env, fetcher);
  equal(head.status, 200);
  equal(await head.text(), '');
});

Deno.test('an unknown, revoked or malformed token gets a bare 404', async () => {
  const unknown = await handle(get(`?token=${TOKEN}`), env, database(200, null).fetcher);
  equal(unknown.status, 404);
  equal(await unknown.text(), 'Not found');
  equal(unknown.headers.get('cache-control'), 'no-store');

  const { calls, fetcher } = database(200, feed);
  for (const query of [
    '',
    '?token=',
    '?token=short',
    `?token=${TOKEN}x`,
    `?token=${'%27'.repeat(43)}`,
  ]) {
    equal((await handle(get(query), env, fetcher)).status, 404, query);
  }
  equal(calls.length, 0);
});

Deno.test('a database failure is 503 with nothing of it shown; only GET and HEAD', async () => {
  const failing = database(500, { message: 'permission denied for function consultation_feed' });
  const response = await handle(get(`?token=${TOKEN}`), env, failing.fetcher);
  equal(response.status, 503);
  ok(!(await response.text()).includes('permission'));
  equal((await handle(get(`?token=${TOKEN}`, 'POST'), env, failing.fetcher)).status, 405);
});
