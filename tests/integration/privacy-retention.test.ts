// Retention as the privacy policy states it: the daily run deletes exactly the enquiries (with
// their notes, client addresses and mail), the mail of enquiries deleted before, and audit
// entries past their periods, the mail API's old delivery events and mailbox blocks no enquiry
// needs, as of a frozen clock, and nothing else; a second run deletes
// nothing. The periods the database uses are the
// ones the policy page prints.

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsLabel, retention } from '@/config/retention';
import { privacyPolicy } from '@/content/policies/privacy-policy';
import { createUser, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { seedEnquiry } from './support/privacy.ts';
import type { SeededEnquiry } from './support/privacy.ts';

// the frozen clock: 24 months before it is 2024-11-20T12:00:00Z.
const NOW = '2026-11-20T12:00:00Z';
const CUTOFF_MINUS = '2024-11-20T11:59:59Z';
const CUTOFF_PLUS = '2024-11-20T12:00:01Z';

let backend: TestBackend;
let outsideNeverContacted: SeededEnquiry;
let insideNeverContacted: SeededEnquiry;
let outsideContacted: SeededEnquiry;
let insideContacted: SeededEnquiry;
let recent: SeededEnquiry;
let digestId: string;

type Counts = Record<string, number>;

async function applyRetention(now = NOW): Promise<Counts> {
  const rows = await backend.sql<{ counts: Counts }>(
    'select private.apply_retention($1::timestamptz) as counts',
    [now],
  );
  return rows[0]!.counts;
}

async function ids(sql: string): Promise<string[]> {
  const rows = await backend.sql<{ id: string }>(sql);
  return rows.map((row) => row.id).sort();
}

function documentText(): string {
  return JSON.stringify(privacyPolicy.sections);
}

beforeAll(async () => {
  backend = await startTestBackend({ retentionIntervalMs: 0 });
  outsideNeverContacted = await seedEnquiry(backend, { createdAt: CUTOFF_MINUS });
  insideNeverContacted = await seedEnquiry(backend, { createdAt: CUTOFF_PLUS });
  outsideContacted = await seedEnquiry(backend, {
    createdAt: '2021-03-01T09:00:00Z',
    lastContactedAt: CUTOFF_MINUS,
  });
  insideContacted = await seedEnquiry(backend, {
    createdAt: '2021-03-01T09:00:00Z',
    lastContactedAt: CUTOFF_PLUS,
  });
  recent = await seedEnquiry(backend, { createdAt: '2026-11-01T10:00:00Z' });

  // a digest that gathered one expired and one kept enquiry, and one of only an expired one.
  const snapshot = (enquiry: SeededEnquiry) => ({ id: enquiry.id, email: enquiry.email });
  const digests = await backend.sql<{ id: string }>(
    `insert into private.enquiry_mail_jobs (kind, payload) values
       ('staff_digest', $1::jsonb), ('staff_digest', $2::jsonb) returning id::text as id`,
    [
      JSON.stringify({ enquiries: [snapshot(outsideContacted), snapshot(insideNeverContacted)] }),
      JSON.stringify({ enquiries: [snapshot(outsideNeverContacted)] }),
    ],
  );
  digestId = digests[0]!.id;

  await backend.sql(
    `insert into public.audit_log (user_id, action, created_at, details) values
       (null, 'auth_sign_in_success', $1::timestamptz, '{"case": "old"}'),
       (null, 'auth_sign_in_success', $2::timestamptz, '{"case": "kept"}')`,
    [CUTOFF_MINUS, CUTOFF_PLUS],
  );

  // delivery events applied either side of the period, and mailboxes blocked either side of it:
  // one with no enquiry left, one whose enquiry this run deletes, one whose enquiry stays.
  await backend.sql(
    `insert into private.mail_events (event_id, event_type, message_id, occurred_at, applied_at) values
       ('evt-old', 'email.delivered', 'msg-old', $1::timestamptz, $1::timestamptz),
       ('evt-kept', 'email.delivered', 'msg-kept', $2::timestamptz, $2::timestamptz)`,
    [CUTOFF_MINUS, CUTOFF_PLUS],
  );
  await backend.sql(
    `insert into private.mail_suppressions (mailbox, reason, suppressed_at) values
       ('gone@example.com', 'bounced', $1::timestamptz),
       (private.mailbox_key($3), 'complained', $1::timestamptz),
       (private.mailbox_key($4), 'bounced', $1::timestamptz),
       ('recent-block@example.com', 'bounced', $2::timestamptz)`,
    [CUTOFF_MINUS, CUTOFF_PLUS, outsideNeverContacted.email, insideNeverContacted.email],
  );
});

afterAll(async () => {
  await backend?.stop();
});

describe('private.apply_retention', () => {
  it('deletes exactly what is past the period, with what hangs off it, and records one run', async () => {
    const expired = [outsideNeverContacted.id, outsideContacted.id];
    const jobsOfExpired = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs where submission_id = any($1::uuid[])`,
      [expired],
    );
    const before = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'admin_enquiry_deleted'`,
    );

    const counts = await applyRetention();

    expect(counts).toEqual({
      contact_submissions: 2,
      enquiry_notes: 2,
      enquiry_sources: 2,
      enquiry_follow_ups: 0,
      // their alert and acknowledgement jobs, and the digest left empty
      enquiry_mail_jobs: jobsOfExpired[0]!.n + 1,
      consultation_bookings: 0,
      audit_log: 1,
      rate_records: 0,
      mail_events: 1,
      mail_suppressions: 2,
      enquiry_answers: 0,
    });
    expect(
      await ids(`select event_id as id from private.mail_events where event_id like 'evt-%'`),
    ).toEqual(['evt-kept']);
    expect(await ids('select mailbox as id from private.mail_suppressions')).toEqual(
      [insideNeverContacted.email, 'recent-block@example.com'].sort(),
    );

    const kept = [insideNeverContacted.id, insideContacted.id, recent.id].sort();
    expect(await ids('select id::text as id from public.contact_submissions')).toEqual(kept);
    expect(await ids('select submission_id::text as id from public.enquiry_notes')).toEqual(kept);
    expect(await ids('select submission_id::text as id from private.enquiry_sources')).toEqual(
      kept,
    );
    const jobEnquiries = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs where submission_id = any($1::uuid[])`,
      [expired],
    );
    expect(jobEnquiries[0]!.n).toBe(0);
    const digests = await backend.sql<{ id: string; payload: { enquiries: { id: string }[] } }>(
      `select id::text as id, payload from private.enquiry_mail_jobs where kind = 'staff_digest'
         and payload::text not like '%"enquiries": []%'`,
    );
    const remainingDigest = digests.find((digest) => digest.id === digestId);
    expect(remainingDigest?.payload.enquiries.map((entry) => entry.id)).toEqual([
      insideNeverContacted.id,
    ]);
    expect(
      digests.flatMap((digest) => digest.payload.enquiries.map((entry) => entry.id)),
    ).not.toContain(outsideNeverContacted.id);

    const oldAudit = await backend.sql<{ case: string }>(
      `select details ->> 'case' as case from public.audit_log where details ? 'case'`,
    );
    expect(oldAudit).toEqual([{ case: 'kept' }]);

    // the per-enquiry deletion entries give way to the single run entry.
    const after = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'admin_enquiry_deleted'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    const runs = await backend.sql<{ user_id: string | null; details: Record<string, number> }>(
      `select user_id::text as user_id, details from public.audit_log
        where action = 'admin_retention_applied'`,
    );
    expect(runs).toEqual([
      {
        user_id: null,
        details: {
          ...counts,
          enquiry_months: retention.enquiryMonths,
          audit_log_months: retention.auditLogMonths,
        },
      },
    ]);
    expect(JSON.stringify(runs)).not.toMatch(/@|visitor/i);
  });

  it('a second run deletes nothing and records nothing', async () => {
    const counts = await applyRetention();
    expect(counts).toEqual({
      contact_submissions: 0,
      enquiry_notes: 0,
      enquiry_sources: 0,
      enquiry_follow_ups: 0,
      enquiry_mail_jobs: 0,
      consultation_bookings: 0,
      audit_log: 0,
      rate_records: 0,
      mail_events: 0,
      mail_suppressions: 0,
      enquiry_answers: 0,
    });
    const runs = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'admin_retention_applied'`,
    );
    expect(runs[0]!.n).toBe(1);
  });

  it('purges the hourly rate records older than an hour, and only those', async () => {
    const { id: userId } = await createUser(backend, {
      email: 'rate-records@example.com',
      password: 'rate-records-password-1',
    });
    await backend.sql(
      `insert into private.audit_browser_writes (user_id, client_address, created_at)
       values ($1, '192.0.2.1', $2::timestamptz - interval '2 hours'),
              ($1, '192.0.2.1', $2::timestamptz - interval '30 minutes')`,
      [userId, NOW],
    );
    const counts = await applyRetention();
    expect(counts.rate_records).toBe(1);
    const left = await backend.sql<{ n: number }>(
      'select count(*)::int as n from private.audit_browser_writes where created_at <= $1',
      [NOW],
    );
    expect(left[0]!.n).toBe(1);
    await backend.sql('delete from private.audit_browser_writes where created_at <= $1', [NOW]);
  });

  it('keeps an enquiry exactly at the boundary and takes it a second later', async () => {
    const boundary = await seedEnquiry(backend, { createdAt: '2024-12-01T00:00:00Z' });
    await applyRetention('2026-12-01T00:00:00Z');
    expect(await ids('select id::text as id from public.contact_submissions')).toContain(
      boundary.id,
    );
    await applyRetention('2026-12-01T00:00:01Z');
    expect(await ids('select id::text as id from public.contact_submissions')).not.toContain(
      boundary.id,
    );
  });

  it('is not callable through the Data API by anyone', async () => {
    const rows = await backend.sql<{ role: string; allowed: boolean }>(
      `select r as role, has_function_privilege(r, 'private.apply_retention(timestamptz)', 'execute') as allowed
         from unnest(array['anon', 'authenticated']) as r`,
    );
    expect(rows).toEqual([
      { role: 'anon', allowed: false },
      { role: 'authenticated', allowed: false },
    ]);
  });
});

describe('mail whose enquiry was deleted before', () => {
  // its own backend, so the exact counts of the runs above stay about enquiries alone.
  let orphans: TestBackend;
  let oldOrphan: SeededEnquiry;
  let youngOrphan: SeededEnquiry;
  let live: SeededEnquiry;
  let oldOrphanJobs: string[];
  let youngOrphanJobs: string[];
  let liveJobs: string[];
  let mixedDigest: string;
  let oldOrphanedDigest: string;
  let youngOrphanedDigest: string;
  let claimedJob: string;

  async function jobIds(submissionId: string): Promise<string[]> {
    const rows = await orphans.sql<{ id: string }>(
      `select id::text as id from private.enquiry_mail_jobs where submission_id = $1`,
      [submissionId],
    );
    return rows.map((row) => row.id);
  }

  async function remainingJobs(): Promise<string[]> {
    const rows = await orphans.sql<{ id: string }>(
      'select id::text as id from private.enquiry_mail_jobs',
    );
    return rows.map((row) => row.id);
  }

  async function digest(
    queuedAt: string,
    enquiries: SeededEnquiry[],
    status = 'pending',
  ): Promise<string> {
    const rows = await orphans.sql<{ id: string }>(
      `insert into private.enquiry_mail_jobs (kind, payload, status, created_at)
       values ('staff_digest', $1::jsonb, $2, $3::timestamptz) returning id::text as id`,
      [
        JSON.stringify({
          enquiries: enquiries.map((enquiry) => ({ id: enquiry.id, email: enquiry.email })),
        }),
        status,
        queuedAt,
      ],
    );
    return rows[0]!.id;
  }

  /** Backdates the enquiry's mail to `queuedAt`, then deletes the enquiry as an admin would. */
  async function orphan(enquiry: SeededEnquiry, queuedAt: string): Promise<string[]> {
    await orphans.sql(
      'update private.enquiry_mail_jobs set created_at = $2::timestamptz where submission_id = $1',
      [enquiry.id, queuedAt],
    );
    const jobs = await jobIds(enquiry.id);
    await orphans.sql('delete from public.contact_submissions where id = $1', [enquiry.id]);
    return jobs;
  }

  beforeAll(async () => {
    orphans = await startTestBackend({ retentionIntervalMs: 0 });
    oldOrphan = await seedEnquiry(orphans, { createdAt: '2024-06-01T09:00:00Z' });
    youngOrphan = await seedEnquiry(orphans, { createdAt: '2024-06-01T09:00:00Z' });
    // an enquiry kept by a recent contact keeps its mail, however old.
    live = await seedEnquiry(orphans, {
      createdAt: '2021-03-01T09:00:00Z',
      lastContactedAt: '2026-10-01T09:00:00Z',
    });
    await orphans.sql(
      `update private.enquiry_mail_jobs set created_at = '2021-03-01T09:00:00Z' where submission_id = $1`,
      [live.id],
    );
    liveJobs = await jobIds(live.id);

    mixedDigest = await digest(CUTOFF_MINUS, [oldOrphan, live]);
    oldOrphanedDigest = await digest(CUTOFF_MINUS, [oldOrphan]);
    youngOrphanedDigest = await digest(CUTOFF_PLUS, [youngOrphan]);
    oldOrphanJobs = await orphan(oldOrphan, CUTOFF_MINUS);
    youngOrphanJobs = await orphan(youngOrphan, CUTOFF_PLUS);

    // an acknowledgement of a deleted enquiry that a sender holds right now.
    const claimed = await orphans.sql<{ id: string }>(
      `insert into private.enquiry_mail_jobs
         (kind, recipient, status, claim_token, lease_until, attempts, created_at)
       values ('acknowledgement', 'claimed@example.com', 'sending', gen_random_uuid(),
               now() + interval '5 minutes', 1, $1::timestamptz)
       returning id::text as id`,
      [CUTOFF_MINUS],
    );
    claimedJob = claimed[0]!.id;
  });

  afterAll(async () => {
    await orphans?.stop();
  });

  it('the outbox kept the jobs of the deleted enquiries, without their enquiry', async () => {
    expect(oldOrphanJobs.length).toBeGreaterThan(0);
    expect(youngOrphanJobs.length).toBeGreaterThan(0);
    const rows = await orphans.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs
        where id = any($1::uuid[]) and submission_id is null`,
      [[...oldOrphanJobs, ...youngOrphanJobs]],
    );
    expect(rows[0]!.n).toBe(oldOrphanJobs.length + youngOrphanJobs.length);
  });

  it('deletes them once they were queued longer ago than the enquiry period, not before', async () => {
    const rows = await orphans.sql<{ counts: Counts }>(
      'select private.apply_retention($1::timestamptz) as counts',
      [NOW],
    );
    expect(rows[0]!.counts).toEqual({
      contact_submissions: 0,
      enquiry_notes: 0,
      enquiry_sources: 0,
      enquiry_follow_ups: 0,
      // the old orphan's alert and acknowledgement, and the digest of only a deleted enquiry
      enquiry_mail_jobs: oldOrphanJobs.length + 1,
      consultation_bookings: 0,
      audit_log: 0,
      rate_records: 0,
      mail_events: 0,
      mail_suppressions: 0,
      enquiry_answers: 0,
    });

    const left = await remainingJobs();
    for (const id of oldOrphanJobs) expect(left).not.toContain(id);
    expect(left).not.toContain(oldOrphanedDigest);
    for (const id of [...youngOrphanJobs, ...liveJobs, youngOrphanedDigest, claimedJob]) {
      expect(left).toContain(id);
    }

    // an old digest keeps the entries of enquiries that still exist, and only those.
    const mixed = await orphans.sql<{ payload: { enquiries: { id: string }[] } }>(
      'select payload from private.enquiry_mail_jobs where id = $1',
      [mixedDigest],
    );
    expect(mixed[0]!.payload.enquiries.map((entry) => entry.id)).toEqual([live.id]);

    // no acknowledgement still names the old orphan's visitor.
    const named = await orphans.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs
        where recipient = $1 or payload::text like '%' || $1 || '%'`,
      [oldOrphan.email],
    );
    expect(named[0]!.n).toBe(0);

    const runs = await orphans.sql<{ details: Record<string, number> }>(
      `select details from public.audit_log where action = 'admin_retention_applied'`,
    );
    expect(runs.map((run) => run.details.enquiry_mail_jobs)).toEqual([oldOrphanJobs.length + 1]);
  });

  it('takes the younger ones a second after their period, and a claimed job once released', async () => {
    await orphans.sql(
      `update private.enquiry_mail_jobs set status = 'failed', claim_token = null,
              lease_until = null, last_error = 'provider down' where id = $1`,
      [claimedJob],
    );
    const rows = await orphans.sql<{ counts: Counts }>(
      'select private.apply_retention($1::timestamptz) as counts',
      ['2026-11-20T12:00:02Z'],
    );
    expect(rows[0]!.counts.enquiry_mail_jobs).toBe(youngOrphanJobs.length + 2);
    const left = await remainingJobs();
    for (const id of [...youngOrphanJobs, youngOrphanedDigest, claimedJob]) {
      expect(left).not.toContain(id);
    }
    // of the jobs this test made, only the live enquiry's and the digest naming it are left.
    const made = [...oldOrphanJobs, ...youngOrphanJobs, ...liveJobs, mixedDigest];
    made.push(oldOrphanedDigest, youngOrphanedDigest, claimedJob);
    expect(left.filter((id) => made.includes(id)).sort()).toEqual(
      [...liveJobs, mixedDigest].sort(),
    );
  });
});

describe('the retention periods: one source for the database and the privacy policy', () => {
  it('the database uses the periods of src/config/retention.ts', async () => {
    const rows = await backend.sql<{ enquiry_months: number; audit_log_months: number }>(
      'select * from private.retention_periods()',
    );
    expect(rows).toEqual([
      { enquiry_months: retention.enquiryMonths, audit_log_months: retention.auditLogMonths },
    ]);
  });

  it('the privacy policy states those periods, and no other period for enquiries', () => {
    const text = documentText();
    expect(text).toContain(
      `${monthsLabel(retention.enquiryMonths)} from our last contact with you`,
    );
    expect(text).toContain(
      `If we delete an enquiry sooner, the notification e-mails about it go ${monthsLabel(retention.enquiryMonths)} after you sent it.`,
    );
    expect(text).toContain('in our notes on other enquiries that mention it');
    expect(text).toContain(`Audit log entries: ${monthsLabel(retention.auditLogMonths)}`);
    expect(text).toMatch(/multi-factor authentication/);
  });
});

describe('the embedded backend runs retention itself', () => {
  it('on its timer after the start', async () => {
    const timed = await startTestBackend({ retentionIntervalMs: 200 });
    try {
      const old = await seedEnquiry(timed, { createdAt: '2020-01-01T00:00:00Z' });
      await expect
        .poll(
          async () =>
            (
              await timed.sql<{ n: number }>(
                'select count(*)::int as n from public.contact_submissions where id = $1',
                [old.id],
              )
            )[0]!.n,
          { timeout: 5000 },
        )
        .toBe(0);
      const runs = await timed.sql<{ n: number }>(
        `select count(*)::int as n from public.audit_log where action = 'admin_retention_applied'`,
      );
      expect(runs[0]!.n).toBe(1);
    } finally {
      await timed.stop();
    }
  });

  it('a backend with old data deletes it before it serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retention-'));
    // As root the server runs as another OS user, who must get through this directory.
    chmodSync(dir, 0o755);
    try {
      const first = await startTestBackend({
        db: { kind: 'embedded', dir: join(dir, 'postgres') },
        retentionIntervalMs: 0,
      });
      const old = await seedEnquiry(first, { createdAt: '2020-01-01T00:00:00Z' });
      await first.stop();
      const second = await startTestBackend({
        db: { kind: 'embedded', dir: join(dir, 'postgres') },
        retentionIntervalMs: 0,
      });
      try {
        const left = await second.sql<{ n: number }>(
          'select count(*)::int as n from public.contact_submissions where id = $1',
          [old.id],
        );
        expect(left[0]!.n).toBe(0);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
