import { createHash, randomUUID } from 'node:crypto';

import type { Database, Queryable } from './db/database.ts';
import { header, json } from './http.ts';
import type { LocalRequest, LocalResponse } from './http.ts';
import { parseAttachments, storedAttachments } from './mail-attachments.ts';
import type { CapturedAttachment } from './mail-attachments.ts';
import {
  listReceivedMail,
  replyAsRecipient,
  retrieveReceivedMail,
  storedHeaders,
} from './mail-receiving.ts';
import type { ReceivedMail, ReplyOptions } from './mail-receiving.ts';

/** A captured e-mail; the local backend never sends mail, it keeps it for `/__local/mail`. */
export interface CapturedMail {
  id: number;
  /** The From header as the sender set it, e.g. `Kestrel Data <no-reply@…>`. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The Reply-To address the sender set, or null. */
  reply_to: string | null;
  /** What the sender attached (none for mail captured before attachments were kept). */
  attachments: CapturedAttachment[];
  /** The local mail API's message id, or null for mail captured another way. */
  message_id: string | null;
  /** The extra headers the sender set (Message-ID, In-Reply-To, …); {} for none. */
  headers: Record<string, string>;
  /** What the outbox recorded of the message's delivery events (null before the first). */
  delivery_state: string | null;
  created_at: string;
}

export async function captureMail(
  db: Queryable,
  mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    links: string[];
    replyTo?: string | null;
    attachments?: CapturedAttachment[];
    messageId?: string | null;
    headers?: Record<string, string>;
  },
): Promise<void> {
  await db.query(
    'insert into local_dev.mail (from_address, to_address, subject, text_body, html_body, links, reply_to, attachments, message_id, headers) values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9, $10::jsonb)',
    [
      mail.from,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.links),
      mail.replyTo ?? null,
      JSON.stringify(mail.attachments ?? []),
      mail.messageId ?? null,
      JSON.stringify(mail.headers ?? {}),
    ],
  );
}

export async function listMail(db: Queryable, to: string | null): Promise<CapturedMail[]> {
  // the outbox's record of delivery, where the database has an outbox (a bare mail table has not)
  const outbox = await db.query<{ present: boolean }>(
    "select to_regclass('private.enquiry_mail_jobs') is not null as present",
  );
  const deliveryState = outbox.rows[0]?.present
    ? `(select job.delivery_state from private.enquiry_mail_jobs as job
         where job.provider_message_id = mail.message_id limit 1)`
    : 'null::text';
  const result = await db.query<
    CapturedMail & { links: string[] | string; attachments: unknown; headers: unknown }
  >(
    `select mail.id::int as id, from_address as "from", to_address as "to", subject, text_body as text, html_body as html, links, reply_to, attachments,
            mail.message_id, mail.headers, ${deliveryState} as delivery_state,
            to_char(mail.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
       from local_dev.mail as mail where $1::text is null or lower(to_address) = lower($1::text)
      order by mail.id desc limit 200`,
    [to],
  );
  return result.rows.map((row) => ({
    ...row,
    links: typeof row.links === 'string' ? (JSON.parse(row.links) as string[]) : row.links,
    attachments: storedAttachments(row.attachments),
    headers: storedHeaders(row.headers),
  }));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const mimeEssence = (contentType: string) =>
  contentType.split(';')[0]?.trim() || 'application/octet-stream';

/** An attachment in the inbox: name, type and size; a text file opens to its text and downloads. */
function attachmentItem(attachment: CapturedAttachment): string {
  const title = `${escapeHtml(attachment.filename)} (${escapeHtml(attachment.content_type)}, ${attachment.size} bytes)`;
  if (attachment.text === null) return `<li>${title}</li>`;
  const href = `data:${mimeEssence(attachment.content_type)};base64,${Buffer.from(attachment.text, 'utf8').toString('base64')}`;
  return `<li><details><summary>${title}</summary>
    <p><a href="${escapeHtml(href)}" download="${escapeHtml(attachment.filename)}">Download ${escapeHtml(attachment.filename)}</a></p>
    <pre>${escapeHtml(attachment.text)}</pre></details></li>`;
}

/** The extra headers a sender set, one meta line each. */
const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');

/** The form with which a mail's recipient answers it (`POST /__local/mail/<id>/reply`). */
function replyForm(mail: CapturedMail, to: string | null): string {
  const id = `reply-${mail.id}`;
  return `<details class="reply"><summary>Reply as the recipient</summary>
  <form method="post" action="/__local/mail/${mail.id}/reply">
    ${to ? `<input type="hidden" name="to" value="${escapeHtml(to)}">` : ''}
    <p><label for="${id}-text">Their answer</label><textarea id="${id}-text" name="text" rows="5" maxlength="50000" required></textarea></p>
    <p><label for="${id}-from">From (another address)</label><input id="${id}-from" name="from" type="email" placeholder="${escapeHtml(mail.to)}"></p>
    <p><button type="submit">Send as the recipient</button></p>
  </form></details>`;
}

function mailItem(mail: CapturedMail, to: string | null): string {
  return `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <dl class="meta">
    <dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
    <dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
    ${mail.reply_to ? `<dt>Reply-To</dt><dd>${escapeHtml(mail.reply_to)}</dd>` : ''}
    ${headerLines(mail.headers)}
    <dt>Date</dt><dd>${escapeHtml(mail.created_at)}</dd>
    <dt>Delivery</dt><dd>${escapeHtml(mail.delivery_state ?? (mail.message_id ? 'no event yet' : 'not reported'))}</dd>
  </dl>
  <pre>${escapeHtml(mail.text)}</pre>
  <ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
  ${mail.attachments.length > 0 ? `<h3>Attachments</h3><ul class="attachments">${mail.attachments.map(attachmentItem).join('')}</ul>` : ''}
  ${replyForm(mail, to)}
</article>`;
}

function answerItem(answer: ReceivedMail): string {
  const files = answer.attachments
    .map((file) => `<li>${escapeHtml(file.filename)} (${file.size} bytes)</li>`)
    .join('');
  return `<article>
  <h3>${escapeHtml(answer.subject)}</h3>
  <dl class="meta">
    <dt>From</dt><dd>${escapeHtml(answer.from)}</dd>
    <dt>To</dt><dd>${escapeHtml(answer.to.join(', '))}</dd>
    <dt>Date</dt><dd>${escapeHtml(answer.created_at)}</dd>
  </dl>
  <pre>${escapeHtml(answer.text ?? '')}</pre>
  ${files ? `<ul class="attachments">${files}</ul>` : ''}
</article>`;
}

function inboxPage(mails: CapturedMail[], answers: ReceivedMail[], to: string | null): string {
  const items = mails.map((mail) => mailItem(mail, to)).join('\n');
  const answered = answers.map(answerItem).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mail${to ? ` for ${escapeHtml(to)}` : ''}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555;display:grid;grid-template-columns:max-content 1fr;gap:0 .75rem}.meta dd{margin:0;overflow-wrap:anywhere}pre{white-space:pre-wrap}.attachments pre{background:#f6f6f6;padding:.5rem;font-size:13px}a{word-break:break-all}.reply{margin:0 0 1rem}.reply label{display:block}.reply textarea,.reply input{width:100%;box-sizing:border-box;font:inherit}</style>
</head><body><h1>Local mail inbox</h1><p>E-mails captured by the embedded backend, newest first. Nothing is really sent.</p>
${items || '<p>No mail yet.</p>'}
${answered ? `<h2>Answers sent from here</h2>\n${answered}` : ''}
</body></html>`;
}

const REPLY_PATH = /^\/(\d+)\/reply$/;

/**
 * `GET /__local/mail[?to=]` (JSON, or HTML for a browser), `GET /__local/mail/inbox`, `DELETE
 * /__local/mail` (empties the inbox) and `POST /__local/mail/<id>/reply` (answers a mail as its
 * recipient; needs `replies`, where the answer is announced).
 */
export async function handleMail(
  request: LocalRequest,
  db: Queryable,
  replies?: ReplyOptions,
): Promise<LocalResponse> {
  const subpath = request.url.pathname.slice('/__local/mail'.length);
  const reply = REPLY_PATH.exec(subpath);
  if (reply) {
    if (!replies) return json(404, { message: 'Not found' });
    return replyAsRecipient(request, db, Number(reply[1]), replies);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'DELETE') {
    return json(405, { message: 'Method not allowed' });
  }
  if (subpath !== '' && subpath !== '/' && subpath !== '/inbox')
    return json(404, { message: 'Not found' });
  if (request.method === 'DELETE') {
    await db.query('delete from local_dev.mail');
    await db.query('delete from local_dev.received_mail');
    return { status: 204 };
  }
  const to = request.url.searchParams.get('to');
  const mails = await listMail(db, to);
  const wantsHtml = subpath === '/inbox' || /text\/html/.test(header(request, 'accept') ?? '');
  if (wantsHtml) {
    const shown = new Set(mails.map((mail) => mail.id));
    const answers = (await listReceivedMail(db)).filter(
      (answer) =>
        to === null || (answer.in_reply_to_mail !== null && shown.has(answer.in_reply_to_mail)),
    );
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: inboxPage(mails, answers, to),
    };
  }
  return json(200, mails);
}

/** The key the local mail API accepts unless another is configured. */
export const LOCAL_MAIL_API_KEY = 'local-mail-api-key';

/**
 * Idempotency keys of the local mail API, like Resend's 24-hour record, and the messages it
 * received; created on start.
 */
export async function ensureMailApiTable(db: Queryable): Promise<void> {
  await db.exec(`
    create table if not exists local_dev.mail_api_requests (
      idempotency_key text primary key,
      body_hash text not null,
      message_id uuid not null default gen_random_uuid(),
      created_at timestamptz not null default now()
    );
    alter table local_dev.mail add column if not exists reply_to text;
    alter table local_dev.mail add column if not exists from_address text not null default '';
    alter table local_dev.mail add column if not exists attachments jsonb not null default '[]'::jsonb;
    alter table local_dev.mail add column if not exists message_id text;
    alter table local_dev.mail add column if not exists headers jsonb not null default '{}'::jsonb;
    create table if not exists local_dev.received_mail (
      id uuid primary key default gen_random_uuid(),
      from_address text not null,
      to_addresses jsonb not null default '[]'::jsonb,
      subject text not null,
      text_body text,
      html_body text,
      headers jsonb not null default '{}'::jsonb,
      message_id text,
      attachments jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      in_reply_to_mail integer
    );`);
}

const mailApiError = (status: number, name: string, message: string) =>
  json(status, { statusCode: status, name, message });

// eslint-disable-next-line no-control-regex
const hasControl = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

export interface MailApiBody {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo: string | null;
  attachments: CapturedAttachment[];
  headers: Record<string, string>;
}

/** The most extra headers a message may carry. */
export const MAX_MAIL_HEADERS = 20;

const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The `headers` field of a send request: an object of header names (letters, digits and
 * hyphens) and string values on one line, at most MAX_MAIL_HEADERS of them. Returns the reason
 * when refused.
 */
export function parseMailHeaders(value: unknown): Record<string, string> | string {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    return 'The `headers` field must be an object of header names and values.';
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_MAIL_HEADERS) {
    return `The \`headers\` field may hold at most ${MAX_MAIL_HEADERS} headers.`;
  }
  const seen = new Set<string>();
  for (const [name, text] of entries) {
    if (!HEADER_NAME.test(name)) return `The header name \`${name}\` is not a valid header name.`;
    if (seen.has(name.toLowerCase())) return `The header \`${name}\` is given twice.`;
    seen.add(name.toLowerCase());
    if (typeof text !== 'string') return `The header \`${name}\` must have a string value.`;
    if (hasControl(text)) return 'Header values must not contain line breaks.';
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function parseMailApiBody(body: Buffer): MailApiBody | string {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return 'The body is not valid JSON.';
  }
  if (typeof value !== 'object' || value === null) return 'The body must be a JSON object.';
  const fields = value as Record<string, unknown>;
  const to = typeof fields.to === 'string' ? [fields.to] : fields.to;
  if (typeof fields.from !== 'string' || fields.from.trim() === '') return 'Missing `from` field.';
  if (!Array.isArray(to) || to.length === 0 || !to.every((item) => typeof item === 'string')) {
    return 'Missing `to` field.';
  }
  if (typeof fields.subject !== 'string' || fields.subject === '')
    return 'Missing `subject` field.';
  if (typeof fields.html !== 'string' && typeof fields.text !== 'string') {
    return 'Missing `html` or `text` field.';
  }
  const replyTo = typeof fields.reply_to === 'string' ? [fields.reply_to] : (fields.reply_to ?? []);
  if (!Array.isArray(replyTo) || !replyTo.every((item) => typeof item === 'string')) {
    return 'The `reply_to` field must be an address or a list of addresses.';
  }
  for (const header of [fields.from, fields.subject, ...(to as string[]), ...replyTo]) {
    if (hasControl(header)) return 'Header values must not contain line breaks.';
  }
  const attachments = parseAttachments(fields.attachments);
  if (typeof attachments === 'string') return attachments;
  const headers = parseMailHeaders(fields.headers);
  if (typeof headers === 'string') return headers;
  return {
    from: fields.from,
    to: to as string[],
    subject: fields.subject,
    html: typeof fields.html === 'string' ? fields.html : '',
    text: typeof fields.text === 'string' ? fields.text : '',
    replyTo: replyTo.length > 0 ? replyTo.join(', ') : null,
    attachments,
    headers,
  };
}

const unescapeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The links of an HTML body, in document order. */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) =>
    unescapeAttribute(match[1] ?? ''),
  );
}

/** Told of each message the local mail API captured, once it is committed. */
export type OnCaptured = (messageId: string, mail: MailApiBody) => void;

/** The bearer key's refusal, as Resend answers it; null when the key is the one accepted. */
function refuseApiKey(request: LocalRequest, apiKey: string): LocalResponse | null {
  const authorization = header(request, 'authorization');
  if (!authorization)
    return mailApiError(401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (authorization !== `Bearer ${apiKey}`)
    return mailApiError(403, 'invalid_api_key', 'API key is invalid.');
  return null;
}

const RECEIVING_PATH = /^\/__local\/mail-api\/emails\/receiving\/([^/]+)$/;

/**
 * `POST /__local/mail-api/emails`: a stand-in for Resend's send endpoint. Checks the bearer key,
 * refuses header values with line breaks, captures the mail with its attachments and extra
 * headers for `/__local/mail`, and honours `Idempotency-Key` for 24 hours: the same key with the
 * same body returns the first answer without sending again; the same key with another body is
 * refused (409). Each new message is passed to `onCaptured` (its delivery events).
 * `GET /__local/mail-api/emails/receiving/<id>` retrieves a received message, as Resend's
 * receiving API does.
 */
export async function handleMailApi(
  request: LocalRequest,
  db: Database,
  apiKey: string,
  onCaptured: OnCaptured = () => {},
): Promise<LocalResponse> {
  const received = RECEIVING_PATH.exec(request.url.pathname);
  if (received) {
    if (request.method !== 'GET') {
      return mailApiError(
        405,
        'method_not_allowed',
        'Method is not allowed for the requested path.',
      );
    }
    return refuseApiKey(request, apiKey) ?? retrieveReceivedMail(db, received[1] ?? '');
  }
  if (request.url.pathname !== '/__local/mail-api/emails') {
    return mailApiError(404, 'not_found', 'The requested endpoint does not exist.');
  }
  if (request.method !== 'POST') {
    return mailApiError(405, 'method_not_allowed', 'Method is not allowed for the requested path.');
  }
  const refused = refuseApiKey(request, apiKey);
  if (refused) return refused;
  const mail = parseMailApiBody(request.body);
  if (typeof mail === 'string') return mailApiError(422, 'validation_error', mail);

  const key = header(request, 'idempotency-key') ?? null;
  if (key !== null && (key.length === 0 || key.length > 256)) {
    return mailApiError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  }
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  const captured: { id: string | null } = { id: null };
  const response = await db.transaction(async (tx) => {
    if (key !== null) {
      await tx.query(
        "delete from local_dev.mail_api_requests where created_at < now() - interval '24 hours'",
      );
      const inserted = await tx.query<{ message_id: string }>(
        `insert into local_dev.mail_api_requests (idempotency_key, body_hash) values ($1, $2)
         on conflict (idempotency_key) do nothing returning message_id::text as message_id`,
        [key, bodyHash],
      );
      if (inserted.rows.length === 0) {
        const earlier = await tx.query<{ message_id: string; body_hash: string }>(
          'select message_id::text as message_id, body_hash from local_dev.mail_api_requests where idempotency_key = $1',
          [key],
        );
        const row = earlier.rows[0];
        if (row && row.body_hash !== bodyHash) {
          return mailApiError(
            409,
            'invalid_idempotent_request',
            'Same idempotency key used with a different request payload.',
          );
        }
        return json(200, { id: row?.message_id ?? null });
      }
      const id = inserted.rows[0]?.message_id ?? randomUUID();
      await captureAll(tx, mail, id);
      captured.id = id;
      return json(200, { id });
    }
    const id = randomUUID();
    await captureAll(tx, mail, id);
    captured.id = id;
    return json(200, { id });
  });
  if (captured.id !== null) onCaptured(captured.id, mail);
  return response;
}

async function captureAll(db: Queryable, mail: MailApiBody, messageId: string): Promise<void> {
  const links = htmlLinks(mail.html);
  for (const to of mail.to) {
    await captureMail(db, {
      from: mail.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links,
      replyTo: mail.replyTo,
      attachments: mail.attachments,
      messageId,
      headers: mail.headers,
    });
  }
}
