// The embedded backend's connection for the busy-calendar reader (public-calendar-fetch.ts), on
// real sockets: it connects to the very address its lookup checked, once per connection, so a
// name that answers differently the next time cannot steer a connection inside. A public address
// cannot be served from a test, so the allowed address is narrowed to 127.0.0.2, and a listener
// on 127.0.0.1 (the "inside") on the same port must see nothing.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressNotAllowedError } from '../../supabase/functions/sync-busy-calendars/public-address.ts';
import type { CalendarRequestInit } from '../../supabase/functions/sync-busy-calendars/public-fetch.ts';
import { publicCalendarFetch } from '../../supabase/local/functions/public-calendar-fetch.ts';
import { startInsideListener, type InsideListener } from './support/inside-listener.ts';

const CHECKED = '127.0.0.2';
const CALENDAR = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

let certificate: string;
let server: Server;
let port: number;
let inside: InsideListener;
let serverConnections = 0;
let lastRequest: { host?: string; accept?: string; servername?: string } = {};
let hang = false;

/** A self-signed certificate for calendar.test, trusted only by the connection under test. */
function makeCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=calendar.test',
        '-addext',
        'subjectAltName=DNS:calendar.test',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const init = (timeoutMs = 5_000): CalendarRequestInit => ({
  headers: { Accept: 'text/calendar' },
  redirect: 'manual',
  signal: AbortSignal.timeout(timeoutMs),
});

/** A resolver answering calendar.test from `answers` in turn (the last one thereafter). */
function changingResolver(...answers: string[][]) {
  let calls = 0;
  return {
    calls: () => calls,
    resolve: (host: string) => {
      expect(host).toBe('calendar.test');
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return Promise.resolve(answer);
    },
  };
}

beforeAll(async () => {
  const { key, cert } = makeCertificate();
  certificate = cert;
  server = createServer({ key, cert }, (request, response) => {
    lastRequest = {
      host: request.headers.host,
      accept: request.headers.accept,
      servername: (request.socket as { servername?: string }).servername,
    };
    if (hang) return;
    response.writeHead(200, { 'Content-Type': 'text/calendar' });
    response.end(CALENDAR);
  });
  server.on('connection', () => {
    serverConnections += 1;
  });
  // The inside listener takes the same port on 127.0.0.1: a connection steered there would
  // reach it. Another port is tried when that one is taken on 127.0.0.1.
  for (let attempt = 0; ; attempt += 1) {
    await new Promise<void>((resolve) => server.listen(0, CHECKED, resolve));
    port = (server.address() as { port: number }).port;
    try {
      inside = await startInsideListener('127.0.0.1', port);
      break;
    } catch (error) {
      await new Promise((resolve) => server.close(resolve));
      if (attempt === 5) throw error;
    }
  }
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await inside?.close();
});

describe('the calendar connection of the embedded backend', () => {
  it('connects to the address it checked; a changed answer later is refused, not followed', async () => {
    const dns = changingResolver([CHECKED], ['127.0.0.1']);
    const connection = publicCalendarFetch({
      resolve: dns.resolve,
      allow: (address) => address === CHECKED,
      ca: certificate,
    });
    const url = new URL(`https://calendar.test:${port}/ada.ics`);

    const response = await connection(url, init());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar');
    expect(await response.text()).toBe(CALENDAR);
    expect(lastRequest).toEqual({
      host: `calendar.test:${port}`,
      accept: 'text/calendar',
      servername: 'calendar.test',
    });
    expect(dns.calls()).toBe(1);

    await expect(connection(url, init())).rejects.toBeInstanceOf(AddressNotAllowedError);
    expect(dns.calls()).toBe(2);
    expect(serverConnections).toBe(1);
    expect(inside.connections()).toBe(0);
  });

  it('a name with any address not allowed is refused before any connection', async () => {
    const before = serverConnections;
    const connection = publicCalendarFetch({
      resolve: changingResolver([CHECKED, '127.0.0.1']).resolve,
      allow: (address) => address === CHECKED,
      ca: certificate,
    });
    await expect(
      connection(new URL(`https://calendar.test:${port}/ada.ics`), init()),
    ).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(
      connection(new URL(`https://127.0.0.1:${port}/ada.ics`), init()),
    ).rejects.toBeInstanceOf(AddressNotAllowedError);
    expect(serverConnections).toBe(before);
    expect(inside.connections()).toBe(0);
  });

  it('by default only public addresses: loopback answers are refused', async () => {
    const connection = publicCalendarFetch({
      resolve: changingResolver(['127.0.0.1', '::1']).resolve,
      ca: certificate,
    });
    await expect(
      connection(new URL(`https://calendar.test:${port}/ada.ics`), init()),
    ).rejects.toBeInstanceOf(AddressNotAllowedError);
    expect(inside.connections()).toBe(0);
  });

  it('gives up when the time is out', async () => {
    hang = true;
    try {
      const connection = publicCalendarFetch({
        resolve: changingResolver([CHECKED]).resolve,
        allow: (address) => address === CHECKED,
        ca: certificate,
      });
      await expect(
        connection(new URL(`https://calendar.test:${port}/ada.ics`), init(200)),
      ).rejects.toMatchObject({ name: expect.stringMatching(/AbortError|TimeoutError/) });
    } finally {
      hang = false;
    }
  });
});
