import { deepStrictEqual, equal, ok } from 'node:assert/strict';

import { checkedThenFetch } from './public-fetch.ts';
import { readCalendar } from './read-calendar.ts';

const SECRET_URL = 'https://calendar.example/ical/secret-part-1234/basic.ics';

/** A fetch that answers each URL from the table (a function of the request, or a response). */
function server(routes: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetcher = ((input: URL | string, init: RequestInit = {}) => {
    const url = String(input);
    asked.push({ url, init });
    const route = routes[url];
    return route
      ? Promise.resolve(route(init))
      : Promise.reject(new TypeError(`fetch failed: getaddrinfo ENOTFOUND ${url}`));
  }) as typeof fetch;
  return { asked, fetcher };
}

const noSecret = (reason: string) => {
  ok(!reason.includes('secret-part'), reason);
  ok(!reason.includes('calendar.example'), reason);
};

Deno.test('reads the calendar over https, without following redirects blindly', async () => {
  const { asked, fetcher } = server({
    [SECRET_URL]: () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'),
  });
  deepStrictEqual(await readCalendar(SECRET_URL, fetcher), {
    ok: true,
    text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  });
  equal(asked[0]?.init.redirect, 'manual');
  ok(asked[0]?.init.signal instanceof AbortSignal);
});

Deno.test('follows an https redirect; refuses one to http, and an http address', async () => {
  const moved = 'https://calendar.example/moved.ics';
  const { fetcher } = server({
    [SECRET_URL]: () => new Response(null, { status: 301, headers: { Location: '/moved.ics' } }),
    [moved]: () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'),
  });
  equal((await readCalendar(SECRET_URL, fetcher)).ok, true);

  const down = server({
    [SECRET_URL]: () =>
      new Response(null, { status: 302, headers: { Location: 'http://calendar.example/x' } }),
  });
  const refused = await readCalendar(SECRET_URL, down.fetcher);
  deepStrictEqual(refused, { ok: false, reason: 'redirected to an address not on https' });
  equal(down.asked.length, 1);

  const plain = await readCalendar('http://calendar.example/x.ics', fetcher);
  deepStrictEqual(plain, { ok: false, reason: 'the address is not https' });
});

Deno.test('stops after three redirects', async () => {
  const { asked, fetcher } = server({
    [SECRET_URL]: () => new Response(null, { status: 307, headers: { Location: SECRET_URL } }),
  });
  deepStrictEqual(await readCalendar(SECRET_URL, fetcher), {
    ok: false,
    reason: 'too many redirects',
  });
  equal(asked.length, 4);
});

Deno.test('a refusal says neither the status, nor the address, nor the body', async () => {
  for (const status of [401, 404, 500, 503]) {
    const { fetcher } = server({
      [SECRET_URL]: () => new Response(`No calendar at ${SECRET_URL}`, { status }),
    });
    const result = await readCalendar(SECRET_URL, fetcher);
    deepStrictEqual(result, { ok: false, reason: 'the calendar server refused' });
  }
  const nowhere = server({ [SECRET_URL]: () => new Response(null, { status: 302 }) });
  deepStrictEqual(await readCalendar(SECRET_URL, nowhere.fetcher), {
    ok: false,
    reason: 'the calendar server refused',
  });
});

Deno.test('refuses a calendar over the size limit, declared or streamed', async () => {
  const declared = server({
    [SECRET_URL]: () => new Response('x'.repeat(10), { headers: { 'Content-Length': '5000' } }),
  });
  const big = await readCalendar(SECRET_URL, declared.fetcher, { maxBytes: 1024 });
  equal(big.ok, false);
  if (!big.ok) ok(big.reason.startsWith('the calendar is larger than'), big.reason);

  const streamed = server({
    [SECRET_URL]: () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode('x'.repeat(600)));
          },
        }),
      ),
  });
  const endless = await readCalendar(SECRET_URL, streamed.fetcher, { maxBytes: 1024 });
  equal(endless.ok, false);
  if (!endless.ok) ok(endless.reason.startsWith('the calendar is larger than'), endless.reason);
});

Deno.test('gives up on a server that does not answer in time', async () => {
  const { fetcher } = server({
    [SECRET_URL]: (init) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      ),
  });
  deepStrictEqual(await readCalendar(SECRET_URL, fetcher, { timeoutMs: 50 }), {
    ok: false,
    reason: 'no answer within 0.05 s',
  });
});

Deno.test('an unreachable server reads as a refusal: no telling answered from not', async () => {
  const { fetcher } = server({});
  const result = await readCalendar(SECRET_URL, fetcher);
  deepStrictEqual(result, { ok: false, reason: 'the calendar server refused' });
  if (!result.ok) noSecret(result.reason);
});

const NOT_ALLOWED = { ok: false, reason: 'the address is not allowed' };

Deno.test(
  'refuses loopback, private and metadata hosts however written, asking nothing',
  async () => {
    const { asked, fetcher } = server({});
    for (const address of [
      'https://127.0.0.1/x.ics',
      'https://localhost/x.ics',
      'https://LocalHost./x.ics',
      'https://[::1]/x.ics',
      'https://2130706433/x.ics',
      'https://0x7f000001/x.ics',
      'https://0177.0.0.1/x.ics',
      'https://127.1/x.ics',
      'https://[::ffff:127.0.0.1]/x.ics',
      'https://[::ffff:7f00:1]/x.ics',
      'https://[64:ff9b::10.0.0.1]/x.ics',
      'https://[2002:c0a8:0101::1]/x.ics',
      'https://10.1.2.3/x.ics',
      'https://192.168.1.1/x.ics',
      'https://100.64.0.1/x.ics',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/x.ics',
      'https://[fe80::1]/x.ics',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://0.0.0.0/x.ics',
      'https://255.255.255.255/x.ics',
    ]) {
      deepStrictEqual(await readCalendar(address, fetcher), NOT_ALLOWED, address);
    }
    equal(asked.length, 0);
  },
);

Deno.test("refuses another port than https's own, and a user name or password", async () => {
  const { asked, fetcher } = server({
    'https://calendar.example/x.ics': () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'),
  });
  for (const address of [
    'https://calendar.example:8443/x.ics',
    'https://calendar.example:22/x.ics',
    'https://user:secret@calendar.example/x.ics',
    'https://user@calendar.example/x.ics',
  ]) {
    deepStrictEqual(await readCalendar(address, fetcher), NOT_ALLOWED, address);
  }
  equal(asked.length, 0);
  equal((await readCalendar('https://calendar.example:443/x.ics', fetcher)).ok, true);
});

Deno.test('checks every redirect as the first address: no hop to the inside', async () => {
  for (const location of [
    'https://127.0.0.1/x.ics',
    'https://[::1]/x.ics',
    'https://localhost/x.ics',
    'https://169.254.169.254/latest/meta-data/',
    'https://calendar.example:8080/x.ics',
    'https://admin:admin@calendar.example/x.ics',
  ]) {
    const { asked, fetcher } = server({
      [SECRET_URL]: () => new Response(null, { status: 302, headers: { Location: location } }),
    });
    deepStrictEqual(
      await readCalendar(SECRET_URL, fetcher),
      { ok: false, reason: 'redirected to an address that is not allowed' },
      location,
    );
    deepStrictEqual(
      asked.map((request) => request.url),
      [SECRET_URL],
    );
  }
});

Deno.test('a name the fetch finds not public is refused as not allowed, on any hop', async () => {
  const inside = 'https://rebound.example/x.ics';
  const fetcher = checkedThenFetch(
    (host) => Promise.resolve(host === 'calendar.example' ? ['93.184.216.34'] : ['10.0.0.7']),
    server({
      [SECRET_URL]: () => new Response(null, { status: 307, headers: { Location: inside } }),
    }).fetcher,
  );
  deepStrictEqual(await readCalendar(inside, fetcher), NOT_ALLOWED);
  deepStrictEqual(await readCalendar(SECRET_URL, fetcher), {
    ok: false,
    reason: 'redirected to an address that is not allowed',
  });
});
