/**
 * The receiving side of the local mail API, as Resend's: a prospect's answer to a captured mail,
 * played from the inbox (`POST /__local/mail/<id>/reply`), is kept as a received message,
 * announced to the mail-events function by a signed `email.received` webhook, and read back with
 * `GET /__local/mail-api/emails/receiving/<id>`.
 */
import { randomUUID } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

import type { Queryable } from './db/database.ts';
import { header, json } from './http.ts';
import type { LocalRequest, LocalResponse } from './http.ts';
import { postSignedEvent } from './mail-delivery-events.ts';

/** The domain of the Message-ID of each answer played from the inbox. */
export const REPLY_MESSAGE_ID_DOMAIN = 'local.kestrel-data.test';

/** The longest answer text accepted. */
export const MAX_REPLY_TEXT = 50_000;

/** An attachment of a received message as Resend describes it; its content is not kept. */
export interface ReceivedAttachment {
  id: string;
  filename: string;
  content_type: string;
  content_disposition: string;
  content_id: string | null;
  size: number;
}

/** A message the local mail API received. */
export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  /** Its Message-ID header. */
  message_id: string | null;
  attachments: ReceivedAttachment[];
  created_at: string;
  /** The id of the captured mail it answers. */
  in_reply_to_mail: number | null;
}

// eslint-disable-next-line no-control-regex
const hasControl = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A jsonb column as stored, whatever the driver returns for it. */
const jsonColumn = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

/** A headers column or field as a name → value object; {} for anything else. */
export function storedHeaders(value: unknown): Record<string, string> {
  const fields = record(jsonColumn(value)) ?? {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** A header's value, whatever the case of its name; null when absent or blank. */
export function headerValue(headers: Record<string, string>, name: string): string | null {
  const wanted = name.toLowerCase();
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
  return found?.trim() ? found.trim() : null;
}

/** The subject of an answer: `Re: ` once, so an answer to `Re: x` stays `Re: x`. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject.trim() : `Re: ${subject}`;
}

/**
 * The first address of an address list such as `"Lovelace, Ada" <ada@x.test>, b@x.test`: a comma
 * inside quotes or angle brackets does not end it. Null for an empty list.
 */
export function firstAddress(list: string): string | null {
  let quoted = false;
  let angle = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '\\' && quoted) index += 1;
    else if (char === '"') quoted = !quoted;
    else if (char === '<' && !quoted) angle += 1;
    else if (char === '>' && !quoted && angle > 0) angle -= 1;
    else if (char === ',' && !quoted && angle === 0) return list.slice(0, index).trim() || null;
  }
  return list.trim() || null;
}

/**
 * The headers of an answer with Message-ID `messageId` to a message with the `parent` headers,
 * threaded as RFC 5322 (3.6.4) has it: In-Reply-To names the parent's Message-ID; References is
 * the parent's References (or its single In-Reply-To) followed by its Message-ID.
 */
export function replyHeaders(
  parent: Record<string, string>,
  messageId: string,
): Record<string, string> {
  const parentId = headerValue(parent, 'Message-ID');
  const parentReplyTo = headerValue(parent, 'In-Reply-To');
  const earlier =
    headerValue(parent, 'References') ??
    (parentReplyTo && !/\s/.test(parentReplyTo) ? parentReplyTo : null);
  const references = [earlier, parentId].filter((part): part is string => part !== null);
  return {
    'Message-ID': messageId,
    ...(parentId ? { 'In-Reply-To': parentId } : {}),
    ...(references.length > 0 ? { References: references.join(' ') } : {}),
  };
}

/** What an answer played from the inbox says. */
export interface ReplyBody {
  text: string;
  /** Another address to answer from; null answers from the mail's recipient. */
  from: string | null;
  attachments: { filename: string; size: number }[];
  /** The inbox's `?to=` filter, carried by the form, to return to. */
  inboxTo: string | null;
}

const isForm = (contentType: string | undefined) =>
  /^application\/x-www-form-urlencoded\b/i.test(contentType?.trim() ?? '');

function parseReplyAttachments(value: unknown): ReplyBody['attachments'] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'The `attachments` field must be a list.';
  const attachments: ReplyBody['attachments'] = [];
  for (const item of value as unknown[]) {
    const { filename, size } = record(item) ?? {};
    if (typeof filename !== 'string' || filename.trim() === '' || hasControl(filename)) {
      return 'Each attachment needs a `filename` on one line.';
    }
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
      return 'Each attachment needs its `size` in bytes.';
    }
    attachments.push({ filename, size });
  }
  return attachments;
}

/**
 * The body of `POST /__local/mail/<id>/reply`: JSON `{ text, from?, attachments? }` or the inbox's
 * form (`text`, `from`, `to`). Returns the reason when refused.
 */
export function parseReplyBody(body: Buffer, contentType: string | undefined): ReplyBody | string {
  let fields: Record<string, unknown> | null;
  if (isForm(contentType)) {
    const form = new URLSearchParams(body.toString('utf8'));
    fields = {
      text: form.get('text')?.replace(/\r\n/g, '\n'),
      from: form.get('from') || undefined,
      to: form.get('to') || undefined,
    };
  } else {
    try {
      fields = record(JSON.parse(body.toString('utf8')));
    } catch {
      return 'The body is not valid JSON.';
    }
    if (!fields) return 'The body must be a JSON object.';
  }
  const { text, from, to } = fields;
  if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_REPLY_TEXT) {
    return `The answer needs a \`text\` of 1 to ${MAX_REPLY_TEXT.toLocaleString('en-GB')} characters.`;
  }
  if (
    from !== undefined &&
    from !== null &&
    (typeof from !== 'string' || !from.includes('@') || hasControl(from) || from.length > 320)
  ) {
    return 'The `from` field must be an e-mail address on one line.';
  }
  const attachments = parseReplyAttachments(fields.attachments);
  if (typeof attachments === 'string') return attachments;
  return {
    text,
    from: typeof from === 'string' ? from.trim() : null,
    attachments,
    inboxTo: typeof to === 'string' ? to : null,
  };
}

/** The captured mail being answered, as the answer needs it. */
export interface AnsweredMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  reply_to: string | null;
  headers: Record<string, string>;
}

/** The largest id `in_reply_to_mail` (an integer) holds. */
const MAX_MAIL_ID = 2 ** 31 - 1;

async function answeredMail(db: Queryable, id: number): Promise<AnsweredMail | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_MAIL_ID) return null;
  const result = await db.query<AnsweredMail>(
    `select id::int as id, from_address as "from", to_address as "to", subject, reply_to, headers
       from local_dev.mail where id = $1`,
    [id],
  );
  const row = result.rows[0];
  return row ? { ...row, headers: storedHeaders(row.headers) } : null;
}

/** The received message of an answer to `mail`, before it is stored. */
export function answerTo(mail: AnsweredMail, reply: ReplyBody, now: Date): ReceivedMail {
  const messageId = `<${randomUUID()}@${REPLY_MESSAGE_ID_DOMAIN}>`;
  return {
    id: randomUUID(),
    from: reply.from ?? mail.to,
    to: [(mail.reply_to === null ? null : firstAddress(mail.reply_to)) ?? mail.from],
    subject: replySubject(mail.subject),
    text: reply.text,
    html: null,
    headers: replyHeaders(mail.headers, messageId),
    message_id: messageId,
    attachments: reply.attachments.map((attachment) => ({
      id: randomUUID(),
      filename: attachment.filename,
      content_type: 'application/octet-stream',
      content_disposition: 'attachment',
      content_id: null,
      size: attachment.size,
    })),
    created_at: now.toISOString(),
    in_reply_to_mail: mail.id,
  };
}

async function storeReceived(db: Queryable, mail: ReceivedMail): Promise<void> {
  await db.query(
    `insert into local_dev.received_mail
       (id, from_address, to_addresses, subject, text_body, html_body, headers, message_id, attachments, created_at, in_reply_to_mail)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11)`,
    [
      mail.id,
      mail.from,
      JSON.stringify(mail.to),
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.headers),
      mail.message_id,
      JSON.stringify(mail.attachments),
      mail.created_at,
      mail.in_reply_to_mail,
    ],
  );
}

const RECEIVED_COLUMNS = `id::text as id, from_address as "from", to_addresses as "to", subject,
  text_body as text, html_body as html, headers, message_id, attachments,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  in_reply_to_mail`;

function receivedRow(row: ReceivedMail): ReceivedMail {
  const to = jsonColumn(row.to);
  const attachments = jsonColumn(row.attachments);
  return {
    ...row,
    to: Array.isArray(to) ? (to as string[]) : [],
    headers: storedHeaders(row.headers),
    attachments: Array.isArray(attachments) ? (attachments as ReceivedAttachment[]) : [],
  };
}

/** The received messages, newest first. */
export async function listReceivedMail(db: Queryable): Promise<ReceivedMail[]> {
  const result = await db.query<ReceivedMail>(
    `select ${RECEIVED_COLUMNS} from local_dev.received_mail order by created_at desc, id limit 200`,
  );
  return result.rows.map(receivedRow);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function receivedMail(db: Queryable, id: string): Promise<ReceivedMail | null> {
  if (!UUID.test(id)) return null;
  const result = await db.query<ReceivedMail>(
    `select ${RECEIVED_COLUMNS} from local_dev.received_mail where id = $1::uuid`,
    [id],
  );
  const row = result.rows[0];
  return row ? receivedRow(row) : null;
}

/** A received message in the shape of Resend's "retrieve received email" answer. */
export function receivedEmailBody(mail: ReceivedMail) {
  return {
    object: 'email',
    id: mail.id,
    to: mail.to,
    from: mail.from,
    created_at: mail.created_at,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    bcc: [],
    cc: [],
    reply_to: [],
    message_id: mail.message_id,
    attachments: mail.attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      content_type: attachment.content_type,
      content_disposition: attachment.content_disposition,
      content_id: attachment.content_id,
      size: attachment.size,
    })),
  };
}

/**
 * `GET /__local/mail-api/emails/receiving/<id>` once the mail API has checked its key: the
 * received message, or Resend's 404 for an unknown or malformed id.
 */
export async function retrieveReceivedMail(db: Queryable, id: string): Promise<LocalResponse> {
  const mail = await receivedMail(db, id);
  if (!mail) return json(404, { statusCode: 404, name: 'not_found', message: 'Email not found' });
  return json(200, receivedEmailBody(mail));
}

/** The `email.received` event of a received message, as Resend's webhook carries it. */
export function receivedEvent(mail: ReceivedMail, now: Date) {
  return {
    type: 'email.received',
    created_at: now.toISOString(),
    data: {
      email_id: mail.id,
      created_at: mail.created_at,
      from: mail.from,
      to: mail.to,
      bcc: [],
      cc: [],
      message_id: mail.message_id,
      subject: mail.subject,
      attachments: mail.attachments.map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        content_type: attachment.content_type,
        content_disposition: attachment.content_disposition,
        content_id: attachment.content_id,
      })),
    },
  };
}

/** Where answers played from the inbox are announced. */
export interface ReplyOptions {
  /** The mail-events function's URL. */
  eventsEndpoint: string;
  /** Its signing secret (MAIL_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The site's origins: besides the backend's own, the only pages that may post an answer. */
  siteOrigins?: ReadonlySet<string>;
  log?: (line: string) => void;
}

/**
 * A browser posts the inbox's form as a simple request, which CORS does not stop: a page of
 * another origin could otherwise play answers. No Origin (a script or a test) is let through.
 */
function fromAllowedOrigin(request: LocalRequest, siteOrigins: ReadonlySet<string>): boolean {
  const origin = header(request, 'origin');
  if (origin === undefined) return true;
  return origin === `http://${header(request, 'host') ?? ''}` || siteOrigins.has(origin);
}

async function announce(
  mail: ReceivedMail,
  options: ReplyOptions,
): Promise<{ status: number; result: unknown }> {
  const now = new Date();
  const response = await postSignedEvent(
    options.eventsEndpoint,
    new Webhook(options.webhookSecret),
    receivedEvent(mail, now),
    now,
  );
  const answer = await response.text();
  if (!response.ok) options.log?.(`mail-events answered ${response.status}: ${answer}`);
  try {
    return { status: response.status, result: JSON.parse(answer) as unknown };
  } catch {
    return { status: response.status, result: null };
  }
}

/**
 * `POST /__local/mail/<id>/reply`: the captured mail's recipient answers it (or `from`, another
 * address). The answer goes to the mail's Reply-To, else its From, as `Re: <subject>`, threaded
 * under the mail's Message-ID; it is stored as a received message and announced to the
 * mail-events function, whose answer is awaited and returned. The inbox's form is sent back to
 * the inbox (303).
 */
export async function replyAsRecipient(
  request: LocalRequest,
  db: Queryable,
  mailId: number,
  options: ReplyOptions,
): Promise<LocalResponse> {
  if (request.method !== 'POST') return json(405, { message: 'Method not allowed' });
  if (!fromAllowedOrigin(request, options.siteOrigins ?? new Set())) {
    return json(403, { message: 'Answers are played from the local inbox or the site only' });
  }
  const reply = parseReplyBody(request.body, header(request, 'content-type'));
  if (typeof reply === 'string') return json(422, { message: reply });
  const mail = await answeredMail(db, mailId);
  if (!mail) return json(404, { message: `No captured mail ${mailId}` });

  const received = answerTo(mail, reply, new Date());
  await storeReceived(db, received);
  let webhook: { status: number; result: unknown };
  try {
    webhook = await announce(received, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.log?.(`email.received could not be posted: ${reason}`);
    return json(502, { id: received.id, message: `mail-events could not be reached: ${reason}` });
  }
  if (isForm(header(request, 'content-type'))) {
    const query = reply.inboxTo ? `?to=${encodeURIComponent(reply.inboxTo)}` : '';
    return { status: 303, headers: { Location: `/__local/mail/inbox${query}` }, body: null };
  }
  return json(200, {
    id: received.id,
    webhook_status: webhook.status,
    webhook_result: webhook.result,
  });
}
