// Measures what one client can do to the public enquiry insert: it sends --count enquiries as
// fast as it can, each with a new e-mail address (so the per-address limit never applies) and a
// made-up X-Forwarded-For (as an attacker would), against a fresh in-memory embedded backend on
// 127.0.0.1, and reports how many were accepted and what e-mail the outbox queued for them.
//
//   npx tsx scripts/measure-enquiry-flood.ts [--count 300] [--seconds 30] [--limits on|off]
//
// --limits on (default) runs with the migration's limits; --limits off disables the per-client
// and hourly limit trigger for the run, to show the behaviour without it. Nothing leaves the
// machine: the backend listens on loopback and the mail is only queued (the sender does not run).

import { parseArgs } from 'node:util';
import { startLocalSupabase } from '../supabase/local/server.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '30' },
    limits: { type: 'string', default: 'on' },
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

const backend = await startLocalSupabase({
  port: 0,
  host: '127.0.0.1',
  db: { kind: 'memory' },
  enquiryLimits: 'migrated',
});
try {
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
  const jobs = await backend.sql<{ kind: string; status: string; jobs: number; enquiries: number }>(
    `select kind, status, count(*)::int as jobs,
            sum(coalesce(jsonb_array_length(payload -> 'enquiries'), 0))::int as enquiries
       from private.enquiry_mail_jobs group by kind, status order by kind, status`,
  );
  console.info(`limits ${values.limits}: ${sent} requests in ${elapsed.toFixed(2)} s`);
  console.info(`  accepted ${accepted}`);
  for (const [reason, n] of refusals) console.info(`  refused ${n} (${reason})`);
  console.info('  e-mail queued by the outbox:');
  for (const row of jobs) {
    const detail = row.kind === 'acknowledgement' ? '' : `, covering ${row.enquiries} enquiries`;
    console.info(`    ${row.kind} ${row.status}: ${row.jobs} mail${detail}`);
  }
} finally {
  await backend.stop();
}
