import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../../supabase/local/mail.ts';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

// The captured inbox holds every confirmation link, so a page on another origin must not be able
// to read it: only the site's origins (SITE_URL and supabase/config.toml's
// additional_redirect_urls) get CORS there. The Supabase API keeps answering any origin.
let backend: TestBackend;
const SITE = 'http://localhost:4173';
const FOREIGN = 'https://attacker.example';

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
});
afterAll(async () => {
  await backend?.stop();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request, so the test sets Origin and Host exactly as a browser page would. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${backend.url}${path}`,
      { method, headers: body ? { 'Content-Type': 'application/json', ...headers } : headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const preflight = (path: string, origin: string, method = 'GET') =>
  send('OPTIONS', path, {
    Origin: origin,
    'Access-Control-Request-Method': method,
    'Access-Control-Request-Headers': 'content-type',
  });

describe('the captured inbox (/__local/mail) and CORS', () => {
  it('lets the site origins read it, credentials included', async () => {
    // SITE_URL, and one of config.toml's additional_redirect_urls
    for (const origin of [SITE, 'http://127.0.0.1:5173']) {
      for (const path of ['/__local/mail', '/__local/mail/inbox']) {
        const answer = await send('GET', path, { Origin: origin });
        expect(answer.status).toBe(200);
        expect(answer.headers['access-control-allow-origin']).toBe(origin);
        expect(answer.headers['access-control-allow-credentials']).toBe('true');
        expect(answer.headers.vary).toBe('Origin');
      }
      const allowed = await preflight('/__local/mail', origin, 'DELETE');
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('gives another origin no CORS headers, so a browser keeps the answer from its page', async () => {
    for (const path of ['/__local/mail', '/__local/mail/inbox', '/__local/mail?to=a@b.example']) {
      const answer = await send('GET', path, { Origin: FOREIGN });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers.vary).toBe('Origin');
    }
    // a sandboxed page or a file:// page sends Origin: null
    const opaque = await send('GET', '/__local/mail', { Origin: 'null' });
    expect(opaque.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a preflight from another origin, so it cannot send DELETE to empty the inbox', async () => {
    for (const method of ['GET', 'DELETE']) {
      const refused = await preflight('/__local/mail', FOREIGN, method);
      expect(refused.status).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-allow-methods']).toBeUndefined();
      expect(JSON.parse(refused.body)).toEqual({
        message: 'Cross-origin requests to this local route are allowed from the site only',
      });
    }
  });

  it('answers only requests addressed to this machine, against DNS rebinding', async () => {
    const port = new URL(backend.url).port;
    const rebound = await send('GET', '/__local/mail', { Host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({
      message: 'The local mail inbox answers only on this machine (Host)',
    });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await send('GET', '/__local/mail', { Host: host })).status).toBe(200);
    }
  });

  it('the mail API stand-in, whose key is public, also answers only this machine', async () => {
    const port = new URL(backend.url).port;
    const rebound = await send(
      'POST',
      '/__local/mail-api/emails',
      {
        Host: `attacker.example:${port}`,
        Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
      },
      '{}',
    );
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({
      message: 'The local mail API answers only on this machine (Host)',
    });
    // Addressed to this machine, the same request reaches the stand-in (which checks the body).
    const local = await send(
      'POST',
      '/__local/mail-api/emails',
      {
        Host: `127.0.0.1:${port}`,
        Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
      },
      '{}',
    );
    expect(local.status).toBe(422);
  });

  it('still serves Node and other non-browser readers (no Origin), as the tests and e2e do', async () => {
    const answer = await fetch(`${backend.url}/__local/mail`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(Array.isArray(await answer.json())).toBe(true);
  });
});

describe('the other routes', () => {
  it('keeps the Supabase API readable from any origin, as hosted Supabase does', async () => {
    const health = await send('GET', '/auth/v1/health', { Origin: FOREIGN });
    expect(health.headers['access-control-allow-origin']).toBe(FOREIGN);
    expect(health.headers['access-control-allow-credentials']).toBe('true');
    for (const path of ['/auth/v1/token?grant_type=password', '/rest/v1/contact_submissions']) {
      const allowed = await preflight(path, FOREIGN, 'POST');
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(FOREIGN);
      expect(allowed.headers['access-control-allow-headers']).toContain('apikey');
    }
    const rest = await send('GET', '/rest/v1/', { Origin: FOREIGN, apikey: backend.anonKey });
    expect(rest.headers['access-control-allow-origin']).toBe(FOREIGN);
  });

  it('gives the mail provider stand-in (/__local/mail-api) no CORS at all, even for the site', async () => {
    const sent = await send(
      'POST',
      '/__local/mail-api/emails',
      { Origin: SITE, Authorization: 'Bearer wrong-key' },
      '{}',
    );
    expect(sent.status).toBe(403);
    expect(sent.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('/__local/mail-api/emails', SITE, 'POST')).status).toBe(403);
  });
});
