/**
 * The short alert that an enquirer answered by mail: to the enquiry's assignee, or the team inbox.
 * It links to the record, where the answer is; only an answer that names no enquiry carries its
 * text, there being no record to open.
 */

import { enquiryLink, escapeHtml, headerText, page, staffRecipient } from './mail-parts.ts';
import type { RenderResult, RenderSettings } from './mail-parts.ts';

export const ANSWER_ALERT_KIND = 'answer_alert';

export interface AnswerAlertPayload {
  enquiry?: { id: string; name: string; company: string };
  answer?: {
    id: string;
    from: string;
    subject: string;
    received_at: string;
    attachments: number;
    text?: string;
  };
  held_reason?: 'other_sender' | 'unknown_token';
  /** Answers on enquiries received while this alert waited for its turn (the hourly limit). */
  more?: number;
  /** Answers naming no enquiry received meanwhile: counted, not kept. */
  unkept?: number;
}

interface AnswerAlertJob {
  recipient: string | null;
  payload: AnswerAlertPayload;
}

function subjectOf(payload: Required<Pick<AnswerAlertPayload, 'answer'>> & AnswerAlertPayload) {
  const { enquiry, answer, held_reason: held } = payload;
  if (!enquiry) return `An answer from ${answer.from} names no enquiry`;
  const who = `${enquiry.name} (${enquiry.company})`;
  if (held === 'other_sender')
    return `Held for review: an answer about ${who} from another address`;
  if (held === 'unknown_token') return `Held for review: an answer from ${answer.from}`;
  return `${who} answered by e-mail`;
}

function whatToDo(payload: AnswerAlertPayload): string {
  if (!payload.enquiry) {
    return 'Its reply address names no enquiry we still hold. Read it below and answer it from your own mail if it needs one.';
  }
  if (payload.held_reason === 'other_sender') {
    return "It came from another address than the enquiry's, so it is held: open the enquiry to attach it or discard it.";
  }
  if (payload.held_reason === 'unknown_token') {
    return 'Its reply address names no enquiry we still hold. It is held on the latest enquiry from the same address: open it to attach it or discard it.';
  }
  return 'Their answer is on the enquiry, which is back on the reply clock.';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What came in while a gathering alert waited: said once, at the top, with where to find it. */
function whatElse(payload: AnswerAlertPayload, siteUrl: string): string[] {
  const lines: string[] = [];
  const more = Number.isInteger(payload.more) ? (payload.more as number) : 0;
  const unkept = Number.isInteger(payload.unkept) ? (payload.unkept as number) : 0;
  if (more > 0) {
    lines.push(
      `${plural(more, 'more answer', 'more answers')} came in since, past the hourly number of these alerts: Needs a reply lists the enquiries waiting (${siteUrl.replace(/\/+$/, '')}/admin/needs-reply).`,
    );
  }
  if (unkept > 0) {
    lines.push(
      `${plural(unkept, 'more answer', 'more answers')} named no enquiry and ${unkept === 1 ? 'was' : 'were'} not kept; the mail provider's received mail still lists ${unkept === 1 ? 'it' : 'them'}.`,
    );
  }
  return lines;
}

export function renderAnswerAlert(job: AnswerAlertJob, settings: RenderSettings): RenderResult {
  const { answer, enquiry } = job.payload;
  if (!answer || typeof answer.from !== 'string') {
    return { ok: false, error: 'The answer alert names no answer.' };
  }
  const to = staffRecipient(job.recipient, settings);
  if (to === null) return { ok: false, error: 'The answer alert has no usable address.' };
  const link = enquiry ? enquiryLink(settings.siteUrl, enquiry.id) : null;
  const attachments =
    answer.attachments > 0
      ? [`Attachments: ${answer.attachments} (listed on the record, not kept)`]
      : [];
  const extra = whatElse(job.payload, settings.siteUrl);
  const lines = [
    ...extra.flatMap((line) => [line, '']),
    whatToDo(job.payload),
    '',
    `From: ${answer.from}`,
    `Subject: ${answer.subject || '(none)'}`,
    ...attachments,
    ...(link ? ['', `Open the enquiry: ${link}`] : []),
    ...(typeof answer.text === 'string' ? ['', answer.text] : []),
  ];
  const html = page(
    extra.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`).join('') +
      `<p>${escapeHtml(whatToDo(job.payload))}</p>` +
      `<p>From: ${escapeHtml(answer.from)}<br>Subject: ${escapeHtml(answer.subject || '(none)')}` +
      attachments.map((line) => `<br>${escapeHtml(line)}`).join('') +
      '</p>' +
      (link ? `<p><a href="${escapeHtml(link)}">Open the enquiry</a></p>` : '') +
      (typeof answer.text === 'string'
        ? `<p style="white-space:pre-wrap">${escapeHtml(answer.text)}</p>`
        : ''),
  );
  return {
    ok: true,
    mail: {
      from: settings.from,
      to,
      subject: headerText(subjectOf({ ...job.payload, answer })),
      text: lines.join('\n'),
      html,
    },
  };
}
