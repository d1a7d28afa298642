/**
 * Mail events, from the mail API's webhook to the staff record. First a prospect's answer by
 * e-mail: a fresh
 * embedded backend on a free port with one admin signed in at aal2 and one enquiry sent by the
 * form's anon client, whose acknowledgement the sender mails. Per run, the acknowledgement's
 * recipient answers it with a text of its own (`POST /__local/mail/<id>/reply`: the received
 * message stored, the signed email.received webhook posted to mail-events, which reads it from the
 * receiving API and stores it through receive_enquiry_answer, and that answer awaited); once the
 * POST has answered, the admin reads the record's timeline (enquiry_timeline) every
 * POLL_MS until it shows that text as the prospect's answer. Both are timed from the POST's start.
 * Then, in the same run, a delivery event: a mail to the prospect recorded as sent under a message
 * id of its own, and the signed `email.delivered` webhook for it posted to mail-events as the mail
 * API would; the admin reads the timeline until that mail shows delivered, timed from the post.
 * DATABASE_URL (scripts/pg-throwaway.sh) runs it on another PostgreSQL server.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { Webhook } from 'standardwebhooks';

import { createAdmin } from '../../tests/integration/support/admin.ts';
import { anonClient, startTestBackend } from '../../tests/integration/support/backend.ts';
import { mailTo } from '../../tests/integration/support/mail.ts';
import { postSignedEvent } from '../../supabase/local/mail-delivery-events.ts';
import { LOCAL_MAIL_WEBHOOK_SECRET } from '../../supabase/local/local-keys.ts';
import { backendEngine } from './local-site.ts';

/** One answer, in ms from the POST's start (NaN when the timeline never showed it). */
export type AnswerSample = {
  /** Until the POST answered: the webhook delivered and mail-events done with it. */
  storedMs: number;
  /** Until the admin's timeline showed it: the figure held to the target. */
  timelineMs: number;
};
/** One delivery event, in ms from the webhook's post (NaN when the timeline never showed it). */
export type DeliverySample = {
  /** Until mail-events answered: the event verified and applied. */
  appliedMs: number;
  /** Until the admin's timeline showed the mail delivered. */
  timelineMs: number;
};
export type AnswersResult = {
  /** The database server, as backendEngine() names it. */
  engine: string;
  runs: number;
  /** How often the timeline was read while the answer was not on it. */
  pollMs: number;
  samples: AnswerSample[];
  deliveries: DeliverySample[];
};

const PROSPECT = 'bench.answer@example.com';
/** How often the timeline is read while the answer is not on it, as a quick client would. */
const POLL_MS = 10;
/** Long enough for a busy machine; an answer past it counts as timed out. */
const TIMEOUT_MS = 10_000;

type TimelineEvent = {
  event: string;
  details: { body?: unknown; job_id?: unknown; delivery_state?: unknown } | null;
};

/** Reads the timeline every POLL_MS until `shown`; ms from `started`, NaN past TIMEOUT_MS. */
async function untilShown(started: number, shown: () => Promise<boolean>): Promise<number> {
  while (performance.now() - started < TIMEOUT_MS) {
    if (await shown()) return performance.now() - started;
    await sleep(POLL_MS);
  }
  return NaN;
}

export async function measureAnswers(runs: number): Promise<AnswersResult> {
  const backend = await startTestBackend({ enquiryLimits: 'local' });
  try {
    const { client: admin } = await createAdmin(backend, 'bench.admin@example.com');
    const { error } = await anonClient(backend).from('contact_submissions').insert({
      Name: 'Bench Prospect',
      Email: PROSPECT,
      Company: 'Bench Analytics Ltd',
      Interest: 'data-strategy',
      Timeline: '1-3-months',
      Message: 'We would like to talk about our reporting.',
    });
    if (error) throw new Error(`the enquiry was refused: ${error.message}`);
    const [enquiry] = await backend.sql<{ id: string }>(
      'select id::text as id from public.contact_submissions where "Email" = $1',
      [PROSPECT],
    );
    const sender = await fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.anonKey },
    });
    if (!sender.ok) throw new Error(`send-enquiry-mail answered ${sender.status}`);
    const acknowledgement = (await mailTo(backend, PROSPECT)).find((mail) =>
      /Thank you/.test(mail.subject),
    );
    if (!enquiry || !acknowledgement) throw new Error('the enquiry was not acknowledged by mail.');

    const timeline = async () => {
      const { data, error } = await admin.rpc('enquiry_timeline', { _submission_id: enquiry.id });
      if (error) throw new Error(`enquiry_timeline failed: ${error.message}`);
      return (data ?? []) as TimelineEvent[];
    };
    const webhook = new Webhook(LOCAL_MAIL_WEBHOOK_SECRET);
    const samples: AnswerSample[] = [];
    const deliveries: DeliverySample[] = [];
    for (let run = 1; run <= runs; run++) {
      console.error(`answers run ${run} of ${runs}`);
      const text = `Bench answer ${run} of ${runs}, ${Date.now()}: Tuesday at ten suits us.`;
      const started = performance.now();
      const response = await fetch(`${backend.url}/__local/mail/${acknowledgement.id}/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      const posted = (await response.json()) as { webhook_status?: number; message?: string };
      const storedMs = performance.now() - started;
      // A refused webhook is a fault to fix, not a slow answer.
      if (!response.ok || posted.webhook_status !== 200) {
        throw new Error(
          `the answer was not delivered: ${response.status} ${JSON.stringify(posted)}`,
        );
      }
      const timelineMs = await untilShown(started, async () =>
        (await timeline()).some(
          (entry) => entry.event === 'prospect_answer' && entry.details?.body === text,
        ),
      );
      samples.push({ storedMs, timelineMs });
      deliveries.push(await measureDelivery(run));
    }

    async function measureDelivery(run: number): Promise<DeliverySample> {
      const messageId = `bench-delivery-${run}-${Date.now()}`;
      const [job] = await backend.sql<{ id: string }>(
        `insert into private.enquiry_mail_jobs
           (kind, submission_id, recipient, status, provider_message_id, sent_at)
         values ('reply', $1, $2, 'sent', $3, now()) returning id::text as id`,
        [enquiry!.id, PROSPECT, messageId],
      );
      const at = new Date();
      const started = performance.now();
      const response = await postSignedEvent(
        `${backend.url}/functions/v1/mail-events`,
        webhook,
        {
          type: 'email.delivered',
          created_at: at.toISOString(),
          data: { email_id: messageId, to: [PROSPECT], created_at: at.toISOString() },
        },
        at,
      );
      const appliedMs = performance.now() - started;
      if (!response.ok) {
        throw new Error(
          `mail-events refused the event: ${response.status} ${await response.text()}`,
        );
      }
      const timelineMs = await untilShown(started, async () =>
        (await timeline()).some(
          (entry) =>
            entry.details?.job_id === job!.id && entry.details?.delivery_state === 'delivered',
        ),
      );
      return { appliedMs, timelineMs };
    }
    return { engine: await backendEngine(backend), runs, pollMs: POLL_MS, samples, deliveries };
  } finally {
    await backend.stop();
  }
}
