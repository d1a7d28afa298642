// The enquiry outbox: the insert of an enquiry and the queuing of its e-mails are one
// transaction; staff alerts beyond the hourly threshold are gathered into a digest; the
// acknowledgement carries nothing the visitor wrote; only the service role drains the outbox and
// only admins see what could not be sent.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  interestLabels,
  timelineLabels,
} from '../../supabase/functions/send-enquiry-mail/render.ts';
import {
  serviceInterestLabels,
  timelineLabels as siteTimelineLabels,
} from '../../src/content/contact-options.ts';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { adminClient } from './support/admin.ts';
import { mailTo } from './support/mail.ts';

const STAFF = 'staff-inbox@kestrel.test';
const SITE = 'https://site.kestrel.test';
let backend: TestBackend;
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;
let sequence = 0;

interface Job {
  id: string;
  kind: string;
  status: string;
  recipient: string | null;
  submission_id: string | null;
  payload: { enquiries?: { id: string; message: string }[]; book_token?: string };
  skip_reason: string | null;
}

function enquiry(overrides: Record<string, string | null> = {}) {
  sequence += 1;
  return {
    Name: 'Ada Lovelace',
    Email: `visitor-${sequence}@example.com`,
    Company: 'Analytical Engines Ltd',
    Job: null,
    Phone: null,
    Interest: 'data-strategy',
    Timeline: '1-3-months',
    Message: `We would like help with our data strategy (${sequence}).`,
    ...overrides,
  };
}

const jobs = () =>
  backend.sql<Job>('select * from private.enquiry_mail_jobs order by created_at, kind');

const runSender = (key: string) =>
  fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: backend.anonKey },
  });

async function insertAsVisitor(row = enquiry()): Promise<string> {
  const { error } = await anon.from('contact_submissions').insert(row);
  expect(error).toBeNull();
  const [stored] = await backend.sql<{ id: string }>(
    'select id from public.contact_submissions where "Email" = $1',
    [row.Email],
  );
  return stored!.id;
}

beforeAll(async () => {
  backend = await startTestBackend({
    siteUrl: SITE,
    enquiryMail: { notifyTo: STAFF },
    enquiryLimits: {
      staff_alerts_per_hour: 3,
      acknowledgements_per_hour: 4,
      digest_delay_seconds: 0,
    },
  });
  anon = anonClient(backend);
  await createUser(backend, { email: 'member@example.com', password: 'member-password-1' });
  const staff = await createUser(backend, {
    email: 'admin@example.com',
    password: 'admin-password-1',
  });
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    staff.id,
  ]);
  member = await signedInClient(backend, 'member@example.com', 'member-password-1');
  ({ client: admin } = await adminClient(backend, 'admin@example.com', 'admin-password-1'));
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql('delete from private.enquiry_mail_jobs');
  await backend.sql('delete from public.contact_submissions');
  await fetch(`${backend.url}/__local/mail`, { method: 'DELETE' });
});

describe('the outbox is written in the insert transaction', () => {
  it('an accepted enquiry queues one staff alert and one acknowledgement', async () => {
    const row = enquiry();
    const id = await insertAsVisitor(row);
    const queued = await jobs();
    expect(queued.map((job) => [job.kind, job.status, job.submission_id])).toEqual(
      [
        ['acknowledgement', 'pending', id],
        ['staff_alert', 'pending', id],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const alert = queued.find((job) => job.kind === 'staff_alert')!;
    expect(alert.recipient).toBeNull();
    expect(alert.payload.enquiries?.map((entry) => entry.id)).toEqual([id]);
    const acknowledgement = queued.find((job) => job.kind === 'acknowledgement')!;
    expect(acknowledgement.recipient).toBe(row.Email);
    // nothing the visitor wrote is stored for the acknowledgement: only the consultation link's
    // token, signed by the database for this enquiry.
    expect(Object.keys(acknowledgement.payload)).toEqual(['book_token']);
    expect((acknowledgement.payload as { book_token: string }).book_token).toMatch(
      new RegExp(`^b\\.${id}\\.0\\.[0-9]+\\.[A-Za-z0-9_-]{43}$`),
    );
  });

  it('a refused insert queues nothing', async () => {
    const { error } = await anon.from('contact_submissions').insert(enquiry({ Interest: 'gold' }));
    expect(error?.code).toBe('23514');
    const email = 'limited@example.com';
    for (let n = 0; n < 3; n += 1) await insertAsVisitor(enquiry({ Email: email }));
    const before = (await jobs()).length;
    const fourth = await anon.from('contact_submissions').insert(enquiry({ Email: email }));
    expect(fourth.error?.hint).toBe('contact_submissions_rate_limit');
    expect((await jobs()).length).toBe(before);
    expect(before).toBe(6);
  });

  it('a transaction that inserts and then fails leaves neither the enquiry nor its jobs', async () => {
    await expect(
      backend.sql(`
        begin;
        insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
          values ('Rolled Back', 'rolled-back@example.com', 'Nowhere Ltd', 'other', 'exploring', 'This insert is rolled back.');
        select 1 / 0;
        commit;`),
    ).rejects.toThrow();
    await backend.sql('rollback').catch(() => {});
    expect(
      await backend.sql(
        `select 1 from public.contact_submissions where "Email" = 'rolled-back@example.com'`,
      ),
    ).toEqual([]);
    expect(await jobs()).toEqual([]);
  });
});

describe('staff digest and acknowledgement cap', () => {
  it('alerts beyond the hourly threshold are gathered into one digest; every enquiry is in exactly one staff mail', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push(await insertAsVisitor());
    const staffJobs = (await jobs()).filter((job) => job.kind !== 'acknowledgement');
    expect(staffJobs.filter((job) => job.kind === 'staff_alert')).toHaveLength(3);
    const digests = staffJobs.filter((job) => job.kind === 'staff_digest');
    expect(digests).toHaveLength(1);
    const covered = staffJobs.flatMap((job) => job.payload.enquiries!.map((entry) => entry.id));
    expect(covered.sort()).toEqual([...ids].sort());

    expect((await runSender(backend.serviceRoleKey)).status).toBe(200);
    const inbox = await mailTo(backend, STAFF);
    expect(inbox).toHaveLength(4);
    const digest = inbox.find((mail) => mail.subject === '3 new enquiries (digest)');
    expect(digest?.links).toEqual(
      ids.slice(3).map((id) => `${SITE}/admin/needs-reply?enquiry=${id}`),
    );

    // once sent, a staff job keeps only the enquiry ids, not the visitor's details
    const sent = (await jobs()).filter((job) => job.kind !== 'acknowledgement');
    expect(sent.every((job) => job.status === 'sent')).toBe(true);
    for (const job of sent) {
      for (const entry of job.payload.enquiries!) expect(Object.keys(entry)).toEqual(['id']);
    }
  });

  it('acknowledgements beyond the hourly cap are skipped with the reason; the staff still hear of every enquiry', async () => {
    for (let n = 0; n < 6; n += 1) await insertAsVisitor();
    const acknowledgements = (await jobs()).filter((job) => job.kind === 'acknowledgement');
    expect(acknowledgements.map((job) => job.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'skipped',
      'skipped',
    ]);
    expect(
      acknowledgements.filter((job) => job.status === 'skipped').map((job) => job.skip_reason),
    ).toEqual(['acknowledgement_hourly_cap', 'acknowledgement_hourly_cap']);
    await runSender(backend.serviceRoleKey);
    const skipped = acknowledgements.filter((job) => job.status === 'skipped');
    for (const job of skipped) expect(await mailTo(backend, job.recipient!)).toEqual([]);
    const staffCovered = (await jobs())
      .filter((job) => job.kind !== 'acknowledgement')
      .reduce((total, job) => total + job.payload.enquiries!.length, 0);
    expect(staffCovered).toBe(6);
  });
});

describe('what the e-mails say', () => {
  it('the staff alert links to the enquiry first; the acknowledgement never echoes the visitor', async () => {
    const row = enquiry({
      Name: 'Mallory Evil\r\nBcc: victim@example.com',
      Company: 'Spam <b>Corp</b>',
      Job: 'Chief <img src=x onerror=alert(1)>',
      Message: 'Visit https://evil.example/prize <a href="https://evil.example">now</a> & win',
    });
    const id = await insertAsVisitor(row);
    expect((await runSender(backend.serviceRoleKey)).status).toBe(200);

    const [alert] = await mailTo(backend, STAFF);
    expect(alert!.links[0]).toBe(`${SITE}/admin/needs-reply?enquiry=${id}`);
    expect(alert!.links).toHaveLength(1);
    expect(alert!.subject).not.toMatch(/[\r\n]/);
    expect(alert!.subject).toContain('Mallory Evil Bcc: victim@example.com');
    expect(alert!.html).not.toContain('<img');
    expect(alert!.html).not.toContain('<b>');
    expect(alert!.html).toContain('Spam &lt;b&gt;Corp&lt;/b&gt;');
    expect(alert!.text).toContain('Interest: Data Strategy');
    expect(alert!.text).toContain('Timeline: 1-3 months');
    expect(alert!.text).toContain(row.Message);

    const [acknowledgement] = await mailTo(backend, row.Email);
    expect(acknowledgement!.text).toContain("We'll get back to you within 24 hours.");
    // its one link books the consultation with the enquiry's token (random, so left out below).
    expect(acknowledgement!.links).toHaveLength(1);
    const bookingLink = acknowledgement!.links[0]!;
    expect(bookingLink).toMatch(new RegExp(`^${SITE}/consultation#b\\.${id}\\.`));
    const everything =
      `${acknowledgement!.subject}\n${acknowledgement!.text}\n${acknowledgement!.html}`
        .split(bookingLink)
        .join('');
    for (const fragment of [
      'Mallory',
      'victim',
      'Spam',
      'Corp',
      'Chief',
      'evil.example',
      'prize',
      'win',
    ]) {
      expect(everything).not.toContain(fragment);
    }
  });

  it('the sender shows the same interest and timeline labels as the form', () => {
    expect(interestLabels).toEqual(serviceInterestLabels);
    expect(timelineLabels).toEqual(siteTimelineLabels);
  });
});

describe('who may reach the outbox', () => {
  it('anon and signed-in users cannot read the outbox schema', async () => {
    for (const client of [anon, member]) {
      const { data, error } = await client.schema('private').from('enquiry_mail_jobs').select('*');
      expect(data).toBeNull();
      expect(error?.code).toBe('PGRST106');
    }
  });

  it('anon gets 401 and a signed-in non-admin 401/403 from every outbox RPC', async () => {
    await insertAsVisitor();
    const calls: [string, Record<string, unknown>][] = [
      ['claim_enquiry_mail_jobs', {}],
      ['complete_enquiry_mail_job', { job_id: crypto.randomUUID(), claim: crypto.randomUUID() }],
      ['renew_enquiry_mail_job', { job_id: crypto.randomUUID(), claim: crypto.randomUUID() }],
      [
        'fail_enquiry_mail_job',
        { job_id: crypto.randomUUID(), claim: crypto.randomUUID(), error: 'x' },
      ],
    ];
    for (const [name, args] of calls) {
      const asAnon = await anon.rpc(name, args);
      expect(asAnon.status).toBe(401);
      expect(asAnon.error?.code).toBe('42501');
      const asMember = await member.rpc(name, args);
      expect(asMember.status).toBe(403);
      expect(asMember.error?.code).toBe('42501');
      const asAdmin = await admin.rpc(name, args);
      expect(asAdmin.status).toBe(403);
    }
    for (const [name, args] of [
      ['list_failed_enquiry_mail', {}],
      ['retry_failed_enquiry_mail', { job_id: crypto.randomUUID() }],
    ] as const) {
      const asAnon = await anon.rpc(name, args);
      expect(asAnon.status).toBe(401);
      const asMember = await member.rpc(name, args);
      expect(asMember.status).toBe(403);
      expect(asMember.error?.message).toMatch(/^Only staff admins may/);
    }
    // nothing was claimed by any of those calls
    expect((await jobs()).every((job) => job.status === 'pending')).toBe(true);
  });

  it('the sender function refuses anyone but the service role with 401 and sends nothing', async () => {
    await insertAsVisitor();
    const memberToken = (await member.auth.getSession()).data.session!.access_token;
    const attempts: Record<string, string>[] = [
      {},
      { apikey: backend.anonKey },
      { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` },
      { apikey: backend.anonKey, Authorization: `Bearer ${memberToken}` },
      { apikey: backend.anonKey, Authorization: 'Bearer not-a-jwt' },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
        method: 'POST',
        headers,
      });
      expect(response.status).toBe(401);
    }
    expect((await jobs()).every((job) => job.status === 'pending')).toBe(true);
    expect(await mailTo(backend, STAFF)).toEqual([]);
    const service = await runSender(backend.serviceRoleKey);
    expect(await service.json()).toEqual({
      claimed: 2,
      sent: 2,
      retried: 0,
      failed: 0,
      skipped: 0,
      errors: 0,
    });
  });

  it('admins list failed jobs and re-queue one; the service role cannot use the admin RPCs', async () => {
    const id = await insertAsVisitor();
    await backend.sql(
      `update private.enquiry_mail_jobs set status = 'failed', attempts = 5, last_error = 'mail API answered 500'
        where kind = 'staff_alert'`,
    );
    const listed = await admin.rpc('list_failed_enquiry_mail');
    expect(listed.error).toBeNull();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      kind: 'staff_alert',
      submission_id: id,
      recipient: null,
      enquiry_count: 1,
      attempts: 5,
      last_error: 'mail API answered 500',
    });
    const asService = await serviceClient(backend).rpc('list_failed_enquiry_mail');
    expect(asService.error?.code).toBe('42501');

    const retried = await admin.rpc('retry_failed_enquiry_mail', { job_id: listed.data[0].id });
    expect(retried.data).toBe(true);
    const again = await admin.rpc('retry_failed_enquiry_mail', { job_id: listed.data[0].id });
    expect(again.data).toBe(false);
    const [job] = await backend.sql<{ status: string; attempts: number }>(
      `select status, attempts from private.enquiry_mail_jobs where kind = 'staff_alert'`,
    );
    expect(job).toEqual({ status: 'pending', attempts: 0 });
    const [audit] = await backend.sql<{ action: string; resource_id: string; user_id: string }>(
      `select action, resource_id, user_id::text as user_id from public.audit_log
        where action = 'admin_enquiry_mail_retried'`,
    );
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect(audit).toEqual({
      action: 'admin_enquiry_mail_retried',
      resource_id: listed.data[0].id,
      user_id: adminId,
    });
    expect((await admin.rpc('list_failed_enquiry_mail')).data).toEqual([]);
  });
});

describe('the sender RPCs: leases and the record of a send', () => {
  interface Claimed {
    id: string;
    kind: string;
    claim_token: string;
  }

  const claimAll = async () => {
    const { data, error } = await serviceClient(backend).rpc('claim_enquiry_mail_jobs', {
      max_jobs: 10,
    });
    expect(error).toBeNull();
    return data as Claimed[];
  };

  const expireLeases = () =>
    backend.sql(`update private.enquiry_mail_jobs set lease_until = now() - interval '1 second'`);

  const jobState = async (id: string) => {
    const [row] = await backend.sql<{
      status: string;
      claim_token: string | null;
      provider_message_id: string | null;
      lease_seconds: number | null;
    }>(
      `select status, claim_token::text as claim_token, provider_message_id,
              round(extract(epoch from (lease_until - now())))::int as lease_seconds
         from private.enquiry_mail_jobs where id = $1`,
      [id],
    );
    return row!;
  };

  it('renewing extends the lease for the current claim only, even after it ran out', async () => {
    await insertAsVisitor();
    const [first] = await claimAll();
    await expireLeases();
    const service = serviceClient(backend);
    const renewed = await service.rpc('renew_enquiry_mail_job', {
      job_id: first!.id,
      claim: first!.claim_token,
    });
    expect(renewed).toMatchObject({ error: null, data: true });
    // the migration's lease: 120 s from now
    expect((await jobState(first!.id)).lease_seconds).toBeGreaterThanOrEqual(118);

    await expireLeases();
    const [taken] = (await claimAll()).filter((job) => job.id === first!.id);
    expect(taken?.claim_token).not.toBe(first!.claim_token);
    const stale = await service.rpc('renew_enquiry_mail_job', {
      job_id: first!.id,
      claim: first!.claim_token,
    });
    expect(stale).toMatchObject({ error: null, data: false });
  });

  it('a send is recorded even after its claim was lost, and the new claimant may not send it', async () => {
    await insertAsVisitor();
    const service = serviceClient(backend);
    const [first] = await claimAll();
    await expireLeases();
    const [second] = (await claimAll()).filter((job) => job.id === first!.id);

    // the first run's message was accepted while its lease ran out: the provider's answer counts
    const recorded = await service.rpc('complete_enquiry_mail_job', {
      job_id: first!.id,
      claim: first!.claim_token,
      message_id: 'msg-first',
    });
    expect(recorded).toMatchObject({ error: null, data: true });
    expect(await jobState(first!.id)).toMatchObject({
      status: 'sent',
      claim_token: null,
      provider_message_id: 'msg-first',
    });

    const renewed = await service.rpc('renew_enquiry_mail_job', {
      job_id: second!.id,
      claim: second!.claim_token,
    });
    expect(renewed.data).toBe(false);
    // a second record keeps the first message id; failing a sent job changes nothing
    const again = await service.rpc('complete_enquiry_mail_job', {
      job_id: second!.id,
      claim: second!.claim_token,
      message_id: 'msg-second',
    });
    expect(again.data).toBe(true);
    const failed = await service.rpc('fail_enquiry_mail_job', {
      job_id: second!.id,
      claim: second!.claim_token,
      error: 'late failure',
    });
    expect(failed.data).toBeNull();
    expect(await jobState(first!.id)).toMatchObject({
      status: 'sent',
      provider_message_id: 'msg-first',
    });
  });

  it('a job parked as failed whose message was accepted is recorded as sent; a skipped one is not', async () => {
    await insertAsVisitor();
    const [job] = await claimAll();
    await backend.sql(
      `update private.enquiry_mail_jobs set status = 'failed', claim_token = null, lease_until = null
        where id = $1`,
      [job!.id],
    );
    const service = serviceClient(backend);
    const recorded = await service.rpc('complete_enquiry_mail_job', {
      job_id: job!.id,
      claim: job!.claim_token,
      message_id: 'msg-late',
    });
    expect(recorded.data).toBe(true);
    expect((await jobState(job!.id)).status).toBe('sent');

    await backend.sql(
      `update private.enquiry_mail_jobs set status = 'skipped', skip_reason = 'acknowledgement_hourly_cap'
        where id <> $1`,
      [job!.id],
    );
    const [skipped] = await backend.sql<{ id: string }>(
      `select id from private.enquiry_mail_jobs where status = 'skipped'`,
    );
    const refused = await service.rpc('complete_enquiry_mail_job', {
      job_id: skipped!.id,
      claim: crypto.randomUUID(),
      message_id: 'msg-never',
    });
    expect(refused.data).toBe(false);
    expect((await jobState(skipped!.id)).status).toBe('skipped');
  });

  it('a lease shorter than one send (30 s) is refused', async () => {
    await expect(
      backend.sql('update private.enquiry_limits set lease_seconds = 20'),
    ).rejects.toThrow(/enquiry_limits_lease_outlasts_send/);
  });
});
