import { randomUUID } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

/** A delivery event the local mail API reports, as Resend's webhook carries it. */
export interface DeliveryEvent {
  type: string;
  bounce?: { type: string; subType: string; message: string };
}

const delivered: DeliveryEvent[] = [{ type: 'email.sent' }, { type: 'email.delivered' }];

/**
 * What becomes of mail to an address, as Resend's test addresses behave: bounced@resend.dev
 * bounces for good, complained@resend.dev is delivered and then marked as spam; any other address
 * (delivered@resend.dev too) is delivered. A +label after the local part is ignored, as Resend
 * does.
 */
export function deliveryEventsFor(address: string): DeliveryEvent[] {
  const mailbox = address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  if (mailbox === 'bounced@resend.dev') {
    return [
      { type: 'email.sent' },
      {
        type: 'email.bounced',
        bounce: {
          type: 'Permanent',
          subType: 'General',
          message: "The recipient's mail server permanently rejected the email.",
        },
      },
    ];
  }
  if (mailbox === 'complained@resend.dev') return [...delivered, { type: 'email.complained' }];
  return delivered;
}

/** A webhook event as Resend posts it. */
export interface WebhookEvent {
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/**
 * Posts `event` to `endpoint` signed as Resend (through Svix) signs its webhooks: a new `msg_`
 * id, the time in seconds and the Standard Webhooks signature, in svix-* headers.
 */
export function postSignedEvent(
  endpoint: string,
  webhook: Webhook,
  event: WebhookEvent,
  now = new Date(),
): Promise<Response> {
  const body = JSON.stringify(event);
  const id = `msg_${randomUUID()}`;
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'svix-id': id,
      'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
      'svix-signature': webhook.sign(id, now, body),
    },
    body,
  });
}

export interface DeliveryReporter {
  /** Reports what becomes of a captured message, shortly after, without holding the send. */
  report(messageId: string, to: string, from: string, subject: string): void;
  /** Resolves once every report under way has been posted. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Posts each captured message's delivery events to the mail-events function, signed with the
 * local webhook secret as Resend signs its webhooks, one after another `delayMs` apart.
 */
export function createDeliveryReporter(options: {
  endpoint: () => string;
  secret: string;
  delayMs?: number;
  log: (line: string) => void;
}): DeliveryReporter {
  const webhook = new Webhook(options.secret);
  const delayMs = options.delayMs ?? 150;
  const running = new Set<Promise<void>>();
  let stopped = false;
  const pause = () => new Promise<void>((done) => setTimeout(done, delayMs));

  async function post(messageId: string, to: string, from: string, subject: string) {
    for (const event of deliveryEventsFor(to)) {
      await pause();
      if (stopped) return;
      const now = new Date();
      const response = await postSignedEvent(
        options.endpoint(),
        webhook,
        {
          type: event.type,
          created_at: now.toISOString(),
          data: {
            email_id: messageId,
            from,
            to: [to],
            subject,
            created_at: now.toISOString(),
            ...(event.bounce ? { bounce: event.bounce } : {}),
          },
        },
        now,
      );
      if (!response.ok) {
        options.log(`mail-events answered ${response.status}: ${await response.text()}`);
      }
    }
  }

  return {
    report(messageId, to, from, subject) {
      if (stopped) return;
      const run = post(messageId, to, from, subject)
        .catch((error: unknown) =>
          options.log(
            `local delivery events failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => running.delete(run));
      running.add(run);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
    async stop() {
      stopped = true;
      while (running.size > 0) await Promise.all(running);
    },
  };
}
