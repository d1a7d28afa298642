import { deepStrictEqual, equal, ok } from 'node:assert/strict';

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

Deno.test('names the status of a refusal, never the address or the body', async () => {
  const { fetcher } = server({
    [SECRET_URL]: () => new Response(`No calendar at ${SECRET_URL}`, { status: 404 }),
  });
  const result = await readCalendar(SECRET_URL, fetcher);
  deepStrictEqual(result, { ok: false, reason: 'the calendar server answered 404' });
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

Deno.test('an unreachable server is named without its address', async () => {
  const { fetcher } = server({});
  const result = await readCalendar(SECRET_URL, fetcher);
  deepStrictEqual(result, { ok: false, reason: 'the calendar server could not be reached' });
  if (!result.ok) noSecret(result.reason);
});
