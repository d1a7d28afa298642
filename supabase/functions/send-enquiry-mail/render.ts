/**
 * The e-mails of an enquiry, as plain data. Pure functions over web-standard types only, so the
 * same module runs on Supabase's Deno runtime and inside the Node embedded backend.
 */

export interface EnquirySnapshot {
  id: string;
  created_at: string;
  name: string;
  email: string;
  company: string;
  job: string | null;
  phone: string | null;
  interest: string;
  timeline: string;
  message: string;
}

export interface MailJob {
  id: string;
  kind: 'staff_alert' | 'staff_digest' | 'acknowledgement';
  recipient: string | null;
  payload: { enquiries?: EnquirySnapshot[] };
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface RenderSettings {
  from: string;
  staffTo: string;
  siteUrl: string;
}

// The labels the enquiry form shows for its option values (the site's contact options); an
// integration test checks that they stay equal.
export const interestLabels: Readonly<Record<string, string>> = {
  'data-strategy': 'Data Strategy',
  'cloud-migration': 'Cloud Migration',
  'digital-transformation': 'Digital Transformation',
  'ai-ml': 'AI & Machine Learning',
  'data-architecture': 'Data Architecture',
  analytics: 'Analytics & Insights',
  other: 'Other',
};

export const timelineLabels: Readonly<Record<string, string>> = {
  immediate: 'Immediate',
  '1-3-months': '1-3 months',
  '3-6-months': '3-6 months',
  '6-plus-months': '6+ months',
  exploring: 'Just exploring',
};

export const ACKNOWLEDGEMENT_SUBJECT = 'Thank you for contacting Kestrel Data';

export const ACKNOWLEDGEMENT_TEXT = [
  'Hello,',
  '',
  'Thank you for getting in touch with Kestrel Data. We have received your enquiry.',
  "We'll get back to you within 24 hours.",
  '',
  'If you did not send an enquiry to us, you can ignore this e-mail.',
  '',
  'Kestrel Data',
].join('\n');

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
}

/**
 * A value for a mail header (subject): line breaks and other control characters become spaces,
 * so no text can start a header of its own; long values are cut.
 */
export function headerText(text: string, max = 150): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An address for From/To: refused (null) when it holds a control character or no `@`. */
export function headerAddress(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(text)) return null;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 320 || !trimmed.includes('@')) return null;
  return trimmed;
}

export function enquiryLink(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin?enquiry=${encodeURIComponent(id)}`;
}

const label = (labels: Readonly<Record<string, string>>, value: string) =>
  Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;

function detailRows(enquiry: EnquirySnapshot): [string, string][] {
  return [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Company', enquiry.company],
    ['Job title', enquiry.job ?? '(not given)'],
    ['Phone', enquiry.phone ?? '(not given)'],
    ['Interest', label(interestLabels, enquiry.interest)],
    ['Timeline', label(timelineLabels, enquiry.timeline)],
    ['Received', enquiry.created_at],
  ];
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

function staffAlert(enquiry: EnquirySnapshot, settings: RenderSettings): OutgoingMail {
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const rows = detailRows(enquiry);
  const text = [
    `Open this enquiry: ${link}`,
    '',
    ...rows.map(([name, value]) => `${name}: ${value}`),
    '',
    'Message:',
    enquiry.message,
  ].join('\n');
  const html = page(
    `<p><a href="${escapeHtml(link)}">Open this enquiry in the admin area</a></p>` +
      `<table>${rows
        .map(
          ([name, value]) =>
            `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>` +
      `<h2>Message</h2><p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
  );
  return {
    from: settings.from,
    to: settings.staffTo,
    subject: headerText(`New enquiry from ${enquiry.name} (${enquiry.company})`),
    text,
    html,
  };
}

function staffDigest(enquiries: EnquirySnapshot[], settings: RenderSettings): OutgoingMail {
  const lines = enquiries.map((enquiry) => ({
    link: enquiryLink(settings.siteUrl, enquiry.id),
    summary: `${enquiry.name} (${enquiry.company}), ${label(interestLabels, enquiry.interest)}, ${label(timelineLabels, enquiry.timeline)}`,
  }));
  const text = [
    `${enquiries.length} enquiries arrived while alerts were being gathered into this digest.`,
    '',
    ...lines.map((line) => `- ${line.summary}: ${line.link}`),
  ].join('\n');
  const html = page(
    `<ul>${lines
      .map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.summary)}</a></li>`)
      .join('')}</ul>` +
      `<p>${enquiries.length} enquiries arrived while alerts were being gathered into this digest.</p>`,
  );
  return {
    from: settings.from,
    to: settings.staffTo,
    subject: headerText(`${enquiries.length} new enquiries (digest)`),
    text,
    html,
  };
}

function acknowledgement(to: string, settings: RenderSettings): OutgoingMail {
  const html = page(
    ACKNOWLEDGEMENT_TEXT.split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join(''),
  );
  return {
    from: settings.from,
    to,
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text: ACKNOWLEDGEMENT_TEXT,
    html,
  };
}

export type RenderResult = { ok: true; mail: OutgoingMail } | { ok: false; error: string };

/** The mail for one outbox job; the acknowledgement never uses anything the visitor wrote. */
export function renderJob(job: MailJob, settings: RenderSettings): RenderResult {
  if (job.kind === 'acknowledgement') {
    const to = job.recipient === null ? null : headerAddress(job.recipient);
    if (to === null) return { ok: false, error: 'The acknowledgement has no usable address.' };
    return { ok: true, mail: acknowledgement(to, settings) };
  }
  const enquiries = Array.isArray(job.payload.enquiries) ? job.payload.enquiries : [];
  if (enquiries.length === 0) return { ok: false, error: 'The staff mail lists no enquiry.' };
  if (job.kind === 'staff_alert' && enquiries.length === 1) {
    return { ok: true, mail: staffAlert(enquiries[0] as EnquirySnapshot, settings) };
  }
  return { ok: true, mail: staffDigest(enquiries, settings) };
}
