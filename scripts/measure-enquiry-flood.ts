// Measures what a flood does to the public enquiry insert, against a fresh in-memory embedded
// backend on loopback with the migration's limits, and reports what was stored, held, refused and
// what e-mail the outbox queued for it.
//
//   npx tsx scripts/measure-enquiry-flood.ts [--count 300] [--seconds 30] [--limits on|off]
//   npx tsx scripts/measure-enquiry-flood.ts --addresses 30 [--per-address 12]
//   npx tsx scripts/measure-enquiry-flood.ts --prefix48 1000
//
// One client (default): --count enquiries as fast as it can, each with a new e-mail address (so
// the per-address limit never applies) and a made-up X-Forwarded-For (as an attacker would).
// --limits off disables the per-client limit and hold trigger for the run, to show the behaviour
// without it.
// Many clients (--addresses N): each of N real client addresses (the socket bound to 127.0.x.y;
// the backend appends the peer address to X-Forwarded-For like Supabase's gateway) sends
// --per-address enquiries, interleaved; then a genuine prospect sends one from a fresh address.
// One /48 (--prefix48 N): N IPv6 clients, each in its own /64 of one /48, one enquiry each, as a
// proxy the gateway trusts would name them (trusted_proxy_hops 2 for the run); then a prospect from
// another network.
// It also reports the database bytes the stored flood takes. Nothing leaves the machine: the mail
// is only queued (the sender does not run).

import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { startLocalSupabase } from '../supabase/local/server.ts';
import type { LocalSupabase } from '../supabase/local/server.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '30' },
    limits: { type: 'string', default: 'on' },
    addresses: { type: 'string' },
    'per-address': { type: 'string', default: '12' },
    prefix48: { type: 'string' },
  },
});

const count = Number(values.count);
const seconds = Number(values.seconds);
if (!Number.isInteger(count) || count < 1 || count > 2000) {
  console.error('--count must be a whole number from 1 to 2000');
  process.exit(1);
}
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
  console.error('--seconds must be more than 0 and at most 120');
  process.exit(1);
}
if (values.limits !== 'on' && values.limits !== 'off') {
  console.error('--limits must be "on" or "off"');
  process.exit(1);
}

const addresses = values.addresses === undefined ? null : Number(values.addresses);
const perAddress = Number(values['per-address']);
if (addresses !== null && (!Number.isInteger(addresses) || addresses < 1 || addresses > 250)) {
  console.error('--addresses must be a whole number from 1 to 250');
  process.exit(1);
}
const prefixClients = values.prefix48 === undefined ? null : Number(values.prefix48);
if (
  prefixClients !== null &&
  (!Number.isInteger(prefixClients) || prefixClients < 1 || prefixClients > 65_536)
) {
  console.error('--prefix48 must be a whole number from 1 to 65536');
  process.exit(1);
}
if (!Number.isInteger(perAddress) || perAddress < 1 || perAddress > 100) {
  console.error('--per-address must be a whole number from 1 to 100');
  process.exit(1);
}

/** Posts one enquiry over a connection from `localAddress`; resolves the status and the hint. */
function postFrom(
  backend: LocalSupabase,
  localAddress: string,
  email: string,
  name = 'Flood Test',
  forwardedFor?: string,
): Promise<{ status: number; reason: string | null }> {
  const body = JSON.stringify({
    Name: name,
    Email: email,
    Company: 'Flood Ltd',
    Interest: 'other',
    Timeline: 'exploring',
    Message: 'Measuring what a flood from many addresses does.',
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
          const parsed = text ? (JSON.parse(text) as { hint?: string; code?: string }) : {};
          resolve({
            status: res.statusCode ?? 0,
            reason: res.statusCode === 201 ? null : (parsed.hint ?? parsed.code ?? 'unknown'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const STORAGE_SQL = `select coalesce(sum(pg_total_relation_size(c)), 0)::bigint as bytes
  from unnest(array['public.contact_submissions', 'private.enquiry_sources',
                    'private.enquiry_mail_jobs']::regclass[]) as c`;

async function storedBytes(backend: LocalSupabase): Promise<number> {
  const [row] = await backend.sql<{ bytes: string }>(STORAGE_SQL);
  return Number(row?.bytes ?? 0);
}

async function printOutbox(backend: LocalSupabase): Promise<void> {
  const jobs = await backend.sql<{
    kind: string;
    status: string;
    skip_reason: string | null;
    jobs: number;
    enquiries: number;
  }>(
    `select kind, status, skip_reason, count(*)::int as jobs,
            sum(coalesce(jsonb_array_length(payload -> 'enquiries'), 0))::int as enquiries
       from private.enquiry_mail_jobs group by 1, 2, 3 order by 1, 2, 3`,
  );
  console.info('  e-mail queued by the outbox:');
  for (const row of jobs) {
    const why = row.skip_reason ? ` (${row.skip_reason})` : '';
    const detail = row.kind === 'acknowledgement' ? '' : `, covering ${row.enquiries} enquiries`;
    console.info(`    ${row.kind} ${row.status}${why}: ${row.jobs} mail${detail}`);
  }
}

type Post = () => Promise<{ status: number; reason: string | null }>;

/** Sends the flood, then the prospect, and reports what was stored, refused, mailed and kept. */
async function measureFlood(
  backend: LocalSupabase,
  label: string,
  flood: Post[],
  prospect: Post,
): Promise<void> {
  const before = await storedBytes(backend);
  const refusals = new Map<string, number>();
  const started = performance.now();
  for (const post of flood) {
    const answer = await post();
    if (answer.reason) refusals.set(answer.reason, (refusals.get(answer.reason) ?? 0) + 1);
  }
  const elapsed = (performance.now() - started) / 1000;
  const prospectAnswer = await prospect();
  const [counts] = await backend.sql<{ stored: number; held: number }>(
    'select count(*)::int as stored, count(held_at)::int as held from public.contact_submissions',
  );
  const [found] = await backend.sql<{ held: boolean }>(
    `select held_at is not null as held from public.contact_submissions where "Email" = 'prospect@example.com'`,
  );
  const added = (await storedBytes(backend)) - before;
  const refused = [...refusals.values()].reduce((sum, v) => sum + v, 0);
  console.info(`${label}: ${flood.length} requests in ${elapsed.toFixed(2)} s, then one prospect`);
  console.info(`  stored ${counts?.stored ?? 0}, of which held ${counts?.held ?? 0}`);
  console.info(`  refused ${refused}`);
  for (const [reason, count] of refusals) console.info(`    ${count} ${reason}`);
  console.info(
    `  prospect from a fresh address: HTTP ${prospectAnswer.status}, ${
      found ? `stored${found.held ? ' and held' : ', not held'}` : 'NOT stored'
    }`,
  );
  console.info(
    `  database growth (enquiries, client addresses, outbox): ${(added / 1024).toFixed(0)} KiB, ${(
      added / Math.max(1, counts?.stored ?? 1)
    ).toFixed(0)} bytes per stored enquiry`,
  );
  await printOutbox(backend);
}

/** N addresses x per-address enquiries, interleaved, then one prospect from a fresh address. */
function manyAddresses(backend: LocalSupabase, n: number, each: number): Promise<void> {
  const flood: Post[] = [];
  for (let round = 0; round < each; round += 1) {
    for (let a = 0; a < n; a += 1) {
      flood.push(() => postFrom(backend, `127.0.1.${a + 1}`, `flood-${a}-${round}@example.com`));
    }
  }
  return measureFlood(backend, `${n} addresses x ${each} enquiries`, flood, () =>
    postFrom(backend, '127.0.2.1', 'prospect@example.com', 'Real Prospect'),
  );
}

/** N clients of one /48, each in its own /64, one enquiry each, named by a trusted proxy. */
async function onePrefix(backend: LocalSupabase, n: number): Promise<void> {
  await backend.sql('update private.enquiry_limits set trusted_proxy_hops = 2');
  const flood: Post[] = [];
  for (let a = 0; a < n; a += 1) {
    const client = `2001:db8:beef:${a.toString(16)}::1`;
    flood.push(() =>
      postFrom(backend, '127.0.0.1', `prefix-${a}@example.com`, 'Flood Test', client),
    );
  }
  return measureFlood(backend, `${n} addresses in one /48`, flood, () =>
    postFrom(backend, '127.0.0.1', 'prospect@example.com', 'Real Prospect', '2001:db8:cafe::1'),
  );
}

const backend = await startLocalSupabase({
  port: 0,
  host: '127.0.0.1',
  db: { kind: 'memory' },
  enquiryLimits: 'migrated',
});
try {
  if (addresses !== null) {
    await manyAddresses(backend, addresses, perAddress);
  } else if (prefixClients !== null) {
    await onePrefix(backend, prefixClients);
  } else {
    if (values.limits === 'off') {
      await backend.sql(
        'alter table public.contact_submissions disable trigger contact_submissions_client_limits',
      );
    }
    const refusals = new Map<string, number>();
    let accepted = 0;
    let sent = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    for (let n = 0; n < count && performance.now() < deadline; n += 1) {
      const response = await fetch(`${backend.url}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          'Content-Type': 'application/json',
          'X-Forwarded-For': `203.0.113.${n % 250}`,
        },
        body: JSON.stringify({
          Name: 'Flood Test',
          Email: `flood-${n}@example.com`,
          Company: 'Flood Ltd',
          Interest: 'other',
          Timeline: 'exploring',
          Message: 'Measuring how many enquiries one client can insert.',
        }),
      });
      sent += 1;
      if (response.status === 201) {
        accepted += 1;
      } else {
        const body = (await response.json()) as { hint?: string | null; code?: string };
        const reason = body.hint ?? body.code ?? String(response.status);
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      }
    }
    const elapsed = (performance.now() - started) / 1000;
    const [held] = await backend.sql<{ n: number }>(
      'select count(held_at)::int as n from public.contact_submissions',
    );
    console.info(`limits ${values.limits}: ${sent} requests in ${elapsed.toFixed(2)} s`);
    console.info(`  accepted ${accepted}, of which held ${held?.n ?? 0}`);
    for (const [reason, n] of refusals) console.info(`  refused ${n} (${reason})`);
    await printOutbox(backend);
  }
} finally {
  await backend.stop();
}
