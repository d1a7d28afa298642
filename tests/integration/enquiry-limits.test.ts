// The per-client and global hourly enquiry limits: enforced by the database whatever the client
// sends, keyed on the X-Forwarded-For entry the gateway appended (the embedded backend appends
// the socket address like Supabase's gateway), refused with named P0001 errors.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

let backend: TestBackend;
let sequence = 0;

interface Answer {
  status: number;
  body: { code?: string; hint?: string | null; message?: string; details?: string | null };
}

/** Inserts an enquiry over a connection from `localAddress` (any 127.x address is loopback). */
function insertFrom(localAddress: string, forwardedFor?: string): Promise<Answer> {
  sequence += 1;
  const body = JSON.stringify({
    Name: 'Alan Turing',
    Email: `limit-${sequence}@example.com`,
    Company: 'Bletchley Ltd',
    Interest: 'ai-ml',
    Timeline: 'exploring',
    Message: 'Could you help us with a machine learning project?',
  });
  const url = new URL(`${backend.url}/rest/v1/contact_submissions`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          apikey: backend.anonKey,
          Authorization: `Bearer ${backend.anonKey}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const CLIENT_LIMIT = {
  code: 'P0001',
  message: 'Too many enquiries from your network. Please try again later.',
  details: 'At most 3 enquiries from one network address in an hour.',
  hint: 'contact_submissions_client_rate_limit',
};

beforeAll(async () => {
  backend = await startTestBackend({
    enquiryLimits: { enquiries_per_client_per_hour: 3, enquiries_per_hour: 8 },
  });
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql('delete from public.contact_submissions');
  await backend.sql('update private.enquiry_limits set trusted_proxy_hops = 1');
});

describe('per-client limit', () => {
  it('refuses the 4th enquiry in an hour from one address, whatever e-mail address it uses', async () => {
    for (let n = 0; n < 3; n += 1) expect((await insertFrom('127.0.0.1')).status).toBe(201);
    const refused = await insertFrom('127.0.0.1');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(CLIENT_LIMIT);
    expect(await backend.sql('select 1 from public.contact_submissions')).toHaveLength(3);
    // another client is not affected
    expect((await insertFrom('127.0.0.2')).status).toBe(201);
  });

  it('a client that sends its own X-Forwarded-For cannot dodge it', async () => {
    for (let n = 0; n < 3; n += 1) {
      expect((await insertFrom('127.0.0.3', `198.51.100.${n}`)).status).toBe(201);
    }
    const spoofed = await insertFrom('127.0.0.3', '198.51.100.77, 203.0.113.9');
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.hint).toBe('contact_submissions_client_rate_limit');
    const rows = await backend.sql<{ client_address: string }>(
      'select distinct client_address from private.enquiry_sources',
    );
    expect(rows).toEqual([{ client_address: '127.0.0.3' }]);
  });

  it('counts only the last hour', async () => {
    for (let n = 0; n < 3; n += 1) expect((await insertFrom('127.0.0.4')).status).toBe(201);
    await backend.sql(
      `update private.enquiry_sources set created_at = now() - interval '61 minutes'`,
    );
    expect((await insertFrom('127.0.0.4')).status).toBe(201);
  });

  it('trusted_proxy_hops picks the entry left of a proxy that appends after the gateway', async () => {
    await backend.sql('update private.enquiry_limits set trusted_proxy_hops = 2');
    // the left entry is the client as the outer proxy saw it; the socket (127.0.0.5) is the proxy
    for (let n = 0; n < 3; n += 1)
      expect((await insertFrom('127.0.0.5', '192.0.2.10')).status).toBe(201);
    expect((await insertFrom('127.0.0.5', '192.0.2.10')).body.hint).toBe(
      'contact_submissions_client_rate_limit',
    );
    expect((await insertFrom('127.0.0.5', '192.0.2.11')).status).toBe(201);
  });
});

describe('global hourly limit', () => {
  it('refuses everyone once the hourly total is reached, with its own name', async () => {
    const clients = ['127.0.1.1', '127.0.1.2', '127.0.1.3'];
    let accepted = 0;
    for (const client of clients) {
      for (let n = 0; n < 3 && accepted < 8; n += 1) {
        expect((await insertFrom(client)).status).toBe(201);
        accepted += 1;
      }
    }
    const refused = await insertFrom('127.0.1.4');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'P0001',
      message: 'We are receiving an unusual number of enquiries. Please try again later.',
      details: 'At most 8 enquiries in an hour from everyone together.',
      hint: 'contact_submissions_global_rate_limit',
    });
  });

  it('does not apply to the service role or direct SQL', async () => {
    for (let n = 0; n < 8; n += 1) await insertFrom(`127.0.2.${n + 1}`);
    await backend.sql(
      `insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
       values ('Operator Import', 'import@example.com', 'Imports Ltd', 'other', 'exploring', 'Imported by an operator.')`,
    );
    const response = await fetch(`${backend.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { apikey: backend.serviceRoleKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        Name: 'Service Import',
        Email: 'service-import@example.com',
        Company: 'Imports Ltd',
        Interest: 'other',
        Timeline: 'exploring',
        Message: 'Imported through the service role.',
      }),
    });
    expect(response.status).toBe(201);
  });
});
