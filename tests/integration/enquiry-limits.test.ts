// The per-client limit and the hourly ceiling, enforced by the database whatever the client
// sends. The per-client limit is keyed on the X-Forwarded-For entry the gateway appended (the
// embedded backend appends the socket address like Supabase's gateway), an IPv6 client on its
// /64, and refuses with a named P0001 error; past the ceiling an enquiry is stored but held: no
// acknowledgement, a digest instead of a staff alert.

import { request as httpRequest } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUser, serviceClient, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

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
  await backend.sql('delete from private.enquiry_mail_jobs');
  await backend.sql(
    'update private.enquiry_limits set trusted_proxy_hops = 1, enquiries_per_client_per_hour = 3, enquiries_per_hour = 8',
  );
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

/** A supabase-js visitor whose requests carry `forwardedFor` left of the gateway's entry. */
function visitorBehind(forwardedFor: string) {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { 'X-Forwarded-For': forwardedFor } },
  });
}

function enquiry(email: string) {
  return {
    Name: 'Grace Hopper',
    Email: email,
    Company: 'Compilers Ltd',
    Interest: 'ai-ml',
    Timeline: 'exploring',
    Message: 'We would like to talk about a data platform.',
  };
}

/** Inserts through supabase-js as a visitor behind a proxy that reports `address`. */
async function submitAs(address: string) {
  sequence += 1;
  return visitorBehind(address)
    .from('contact_submissions')
    .insert(enquiry(`v6-${sequence}@example.com`));
}

describe('client key of an address', () => {
  it('keeps IPv4 whole, cuts IPv6 to its /64, reads mapped IPv4, drops brackets, ports and zones', async () => {
    const cases: [string, string | null][] = [
      ['203.0.113.9', '203.0.113.9'],
      ['203.0.113.9:51234', '203.0.113.9'],
      ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
      ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
      ['2001:db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
      ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
      ['[2001:db8:1:3::9]', '2001:db8:1:3::/64'],
      ['fe80::1%eth0', 'fe80::/64'],
      ['::ffff:192.0.2.1', '192.0.2.1'],
      ['::ffff:c000:201', '192.0.2.1'],
      ['not-an-address', null],
      ['1.2.3.999', null],
      ['1.2.3.4/24', null],
      ['2001:db8::g', null],
      [':::', null],
      ['', null],
      [`${'1'.repeat(120)}`, null],
    ];
    for (const [entry, key] of cases) {
      const [row] = await backend.sql<{ key: string | null }>(
        'select private.client_address_key($1) as key',
        [entry],
      );
      expect({ entry, key: row?.key }).toEqual({ entry, key });
    }
  });
});

describe('per-client limit over IPv6 and unusual forms', () => {
  beforeEach(async () => {
    // the entry left of the gateway's is the client as a trusted outer proxy saw it
    await backend.sql('update private.enquiry_limits set trusted_proxy_hops = 2');
  });

  it('counts every address inside one /64 as one client, and another /64 apart', async () => {
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:abcd::7']) {
      expect((await submitAs(address)).error).toBeNull();
    }
    const refused = await submitAs('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.error).toMatchObject(CLIENT_LIMIT);
    expect((await submitAs('2001:db8:1:3::1')).error).toBeNull();
    const keys = await backend.sql<{ client_address: string; n: number }>(
      'select client_address, count(*)::int as n from private.enquiry_sources group by 1 order by 1',
    );
    expect(keys).toEqual([
      { client_address: '2001:db8:1:2::/64', n: 3 },
      { client_address: '2001:db8:1:3::/64', n: 1 },
    ]);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 client, and IPv4 addresses one by one', async () => {
    expect((await submitAs('192.0.2.7')).error).toBeNull();
    expect((await submitAs('::ffff:192.0.2.7')).error).toBeNull();
    expect((await submitAs('192.0.2.7:40000')).error).toBeNull();
    expect((await submitAs('::ffff:c000:207')).error?.hint).toBe(
      'contact_submissions_client_rate_limit',
    );
    // the neighbouring IPv4 address is another client
    expect((await submitAs('192.0.2.8')).error).toBeNull();
  });

  it('reads bracketed addresses with a port and addresses with a zone id', async () => {
    expect((await submitAs('[2001:db8:5:6::1]:443')).error).toBeNull();
    expect((await submitAs('2001:db8:5:6::2%eth0')).error).toBeNull();
    expect((await submitAs('[2001:db8:5:6::3]')).error).toBeNull();
    expect((await submitAs('2001:db8:5:6::4')).error?.hint).toBe(
      'contact_submissions_client_rate_limit',
    );
  });

  it('counts one /48 as one network past enquiries_per_prefix_per_hour, each /64 still its own client', async () => {
    await backend.sql('update private.enquiry_limits set enquiries_per_prefix_per_hour = 4');
    try {
      for (const n of [1, 2, 3, 4]) {
        expect((await submitAs(`2001:db8:77:${n}::1`)).error).toBeNull();
      }
      const refused = await submitAs('2001:db8:77:ff::1');
      expect(refused.error).toMatchObject({
        code: 'P0001',
        details: 'At most 4 enquiries from one IPv6 /48 network in an hour.',
        hint: 'contact_submissions_client_rate_limit',
      });
      // another /48 and IPv4 clients are unaffected
      expect((await submitAs('2001:db8:78:1::1')).error).toBeNull();
      expect((await submitAs('192.0.2.50')).error).toBeNull();
    } finally {
      await backend.sql(
        'update private.enquiry_limits set enquiries_per_prefix_per_hour = default',
      );
    }
  });

  it('stores an enquiry whose client entry is no address, without a client key', async () => {
    for (let n = 0; n < 4; n += 1) expect((await submitAs('unknown')).error).toBeNull();
    expect(await backend.sql('select 1 from public.contact_submissions')).toHaveLength(4);
    expect(await backend.sql('select 1 from private.enquiry_sources')).toHaveLength(0);
  });
});

describe('hourly ceiling: held, not refused', () => {
  beforeEach(async () => {
    // alerts and acknowledgements are not capped here, so every difference comes from the hold
    await backend.sql(
      'update private.enquiry_limits set staff_alerts_per_hour = 100, acknowledgements_per_hour = 100',
    );
  });

  async function fillTheHour() {
    for (const client of ['127.0.1.1', '127.0.1.2', '127.0.1.3']) {
      for (let n = 0; n < 3; n += 1) {
        if ((await backend.sql('select 1 from public.contact_submissions')).length === 8) return;
        expect((await insertFrom(client)).status).toBe(201);
      }
    }
  }

  it('stores an enquiry past the ceiling as held: the visitor sees success, no acknowledgement, a digest entry instead of an alert', async () => {
    await fillTheHour();
    const prospect = await insertFrom('127.0.1.9');
    expect(prospect.status).toBe(201);

    const rows = await backend.sql<{ id: string; Email: string; held: boolean }>(
      `select id, "Email", held_at is not null as held from public.contact_submissions order by created_at`,
    );
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.held)).toHaveLength(1);
    const held = rows.find((row) => row.held)!;

    const jobs = await backend.sql<{
      kind: string;
      status: string;
      skip_reason: string | null;
      submission_id: string | null;
      payload: { enquiries?: { id: string; held: boolean }[] };
    }>('select kind, status, skip_reason, submission_id, payload from private.enquiry_mail_jobs');
    const about = (kind: string) => jobs.filter((job) => job.kind === kind);
    expect(about('staff_alert')).toHaveLength(8);
    expect(about('staff_alert').some((job) => job.submission_id === held.id)).toBe(false);
    expect(about('acknowledgement').filter((job) => job.status === 'pending')).toHaveLength(8);
    expect(about('acknowledgement').find((job) => job.submission_id === held.id)).toMatchObject({
      status: 'skipped',
      skip_reason: 'enquiry_held',
    });
    expect(about('staff_digest')).toHaveLength(1);
    expect(about('staff_digest')[0]?.payload.enquiries).toEqual([
      expect.objectContaining({ id: held.id, held: true }),
    ]);
  });

  it('keeps holding while the hour is full, gathering one digest, and stops once it is not', async () => {
    await fillTheHour();
    for (const client of ['127.0.1.10', '127.0.1.11', '127.0.1.12']) {
      expect((await insertFrom(client)).status).toBe(201);
    }
    const [digest] = await backend.sql<{ digests: number; entries: number }>(
      `select count(*)::int as digests, sum(jsonb_array_length(payload -> 'enquiries'))::int as entries
         from private.enquiry_mail_jobs where kind = 'staff_digest'`,
    );
    expect(digest).toEqual({ digests: 1, entries: 3 });

    await backend.sql(
      `update public.contact_submissions set created_at = now() - interval '61 minutes'`,
    );
    await backend.sql(
      `update private.enquiry_sources set created_at = now() - interval '61 minutes'`,
    );
    expect((await insertFrom('127.0.1.13')).status).toBe(201);
    const [latest] = await backend.sql<{ held: boolean }>(
      'select held_at is not null as held from public.contact_submissions order by created_at desc limit 1',
    );
    expect(latest?.held).toBe(false);
  });

  it('closes a digest once it lists digest_max_enquiries and opens the next', async () => {
    await backend.sql('update private.enquiry_limits set digest_max_enquiries = 2');
    try {
      await fillTheHour();
      for (const client of ['127.0.1.30', '127.0.1.31', '127.0.1.32', '127.0.1.33', '127.0.1.34']) {
        expect((await insertFrom(client)).status).toBe(201);
      }
      const digests = await backend.sql<{ entries: number }>(
        `select jsonb_array_length(payload -> 'enquiries') as entries
           from private.enquiry_mail_jobs where kind = 'staff_digest' order by created_at`,
      );
      expect(digests).toEqual([{ entries: 2 }, { entries: 2 }, { entries: 1 }]);
    } finally {
      await backend.sql('update private.enquiry_limits set digest_max_enquiries = default');
    }
  });

  it('refuses new enquiries once held_per_hour are held, with the message the form shows', async () => {
    await backend.sql('update private.enquiry_limits set held_per_hour = 2');
    try {
      await fillTheHour();
      expect((await insertFrom('127.0.1.40')).status).toBe(201);
      expect((await insertFrom('127.0.1.41')).status).toBe(201);
      const refused = await insertFrom('127.0.1.42');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'P0001',
        hint: 'contact_submissions_global_rate_limit',
      });
      const [held] = await backend.sql<{ n: number }>(
        'select count(held_at)::int as n from public.contact_submissions',
      );
      expect(held?.n).toBe(2);
    } finally {
      await backend.sql('update private.enquiry_limits set held_per_hour = default');
    }
  });

  it('opens at most staff_digests_per_hour digests; past them held enquiries wait without a mail', async () => {
    await backend.sql(
      'update private.enquiry_limits set digest_max_enquiries = 1, staff_digests_per_hour = 2',
    );
    try {
      await fillTheHour();
      for (const client of ['127.0.1.50', '127.0.1.51', '127.0.1.52', '127.0.1.53']) {
        expect((await insertFrom(client)).status).toBe(201);
      }
      const [digests] = await backend.sql<{ n: number }>(
        `select count(*)::int as n from private.enquiry_mail_jobs where kind = 'staff_digest'`,
      );
      expect(digests?.n).toBe(2);
      const [held] = await backend.sql<{ n: number }>(
        'select count(held_at)::int as n from public.contact_submissions',
      );
      expect(held?.n).toBe(4);
    } finally {
      await backend.sql(
        'update private.enquiry_limits set digest_max_enquiries = default, staff_digests_per_hour = default',
      );
    }
  });

  it('still refuses a client past its own limit while the hour is full', async () => {
    await fillTheHour();
    for (let n = 0; n < 3; n += 1) expect((await insertFrom('127.0.1.20')).status).toBe(201);
    const refused = await insertFrom('127.0.1.20');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(CLIENT_LIMIT);
  });

  it('does not hold what the service role or direct SQL inserts', async () => {
    await fillTheHour();
    await backend.sql(
      `insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
       values ('Operator Import', 'import@example.com', 'Imports Ltd', 'other', 'exploring', 'Imported by an operator.')`,
    );
    const service = await serviceClient(backend)
      .from('contact_submissions')
      .insert({ ...enquiry('service-import@example.com'), held_at: new Date().toISOString() });
    expect(service.error).toBeNull();
    const imported = await backend.sql<{ held_at: string | null }>(
      `select held_at from public.contact_submissions where "Email" in ('import@example.com', 'service-import@example.com')`,
    );
    expect(imported).toEqual([{ held_at: null }, { held_at: null }]);
  });
});

describe('nobody sets or clears the hold through the API', () => {
  it('a visitor cannot insert held_at', async () => {
    const attempt = await visitorBehind('198.51.100.1')
      .from('contact_submissions')
      .insert({ ...enquiry('sets-hold@example.com'), held_at: null });
    expect(attempt.error?.code).toBe('42501');
    expect(await backend.sql('select 1 from public.contact_submissions')).toHaveLength(0);
  });

  it('an admin cannot hold or unhold an enquiry by updating it', async () => {
    const { client: admin } = await createAdmin(backend, 'hold-admin@example.com');
    await backend.sql(`update private.enquiry_limits set enquiries_per_hour = 1`);
    expect((await insertFrom('127.0.3.1')).status).toBe(201);
    expect((await insertFrom('127.0.3.2')).status).toBe(201);
    const [free, held] = await backend.sql<{ id: string }>(
      'select id from public.contact_submissions order by held_at nulls first',
    );

    const hold = await admin
      .from('contact_submissions')
      .update({ held_at: new Date().toISOString() })
      .eq('id', free!.id);
    // held_at has no update grant for the Data API roles; the hold trigger would refuse it too.
    expect(hold.error).toMatchObject({ code: '42501' });
    const release = await admin
      .from('contact_submissions')
      .update({ held_at: null })
      .eq('id', held!.id);
    expect(release.error).toMatchObject({ code: '42501' });

    const member = await createUser(backend, {
      email: 'hold-member@example.com',
      password: 'member-password-1',
    });
    const memberClient = await signedInClient(backend, member.email, 'member-password-1');
    await memberClient.from('contact_submissions').update({ held_at: null }).eq('id', held!.id);
    const states = await backend.sql<{ held: boolean }>(
      'select held_at is not null as held from public.contact_submissions order by held_at nulls first',
    );
    expect(states).toEqual([{ held: false }, { held: true }]);
  });
});
