/**
 * What every mail of the outbox is made of: the message the mail API receives, header-safe text,
 * HTML escaping and the page around an HTML body.
 */

/** A file sent with the mail, as the mail API takes it (Resend's `attachments`). */
export interface MailAttachment {
  filename: string;
  /** The file's bytes, base64. */
  content: string;
  content_type: string;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  /** Absent for plain-text mail (a staff reply). */
  html?: string;
  text: string;
  reply_to?: string;
  attachments?: MailAttachment[];
  /** Extra headers (Resend's `headers`): the thread's Message-ID, In-Reply-To and References. */
  headers?: Record<string, string>;
}

export interface RenderSettings {
  from: string;
  staffTo: string;
  siteUrl: string;
}

export type RenderResult = { ok: true; mail: OutgoingMail } | { ok: false; error: string };

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

/**
 * Where a staff mail goes: the address its job names (an assignee), else the team inbox; null
 * when the named address is unusable.
 */
export function staffRecipient(recipient: string | null, settings: RenderSettings): string | null {
  return recipient === null ? settings.staffTo : headerAddress(recipient);
}

export function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

/** Text as the base64 of its UTF-8 bytes. */
export function base64Text(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A text file as an attachment. */
export function textAttachment(
  filename: string,
  contentType: string,
  text: string,
): MailAttachment {
  return { filename, content: base64Text(text), content_type: contentType };
}

/** The display name and address of MAIL_FROM (`Kestrel Data <no-reply@…>` or a bare address). */
export function parseSender(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (match) return { name: match[1]?.trim() || 'Kestrel Data', address: match[2] ?? '' };
  return { name: 'Kestrel Data', address: from.trim() };
}

/** Text for inside a quoted display name: one line, no quotes, backslashes or angle brackets. */
export function displayNameText(text: string, max = 80): string {
  return headerText(text.replace(/["\\<>]/g, ' '), max).replace(/\s+/g, ' ');
}

/**
 * The enquiry's dialog on the staff area's "Needs a reply" page, where what is still owed sits
 * beside it; the dialog loads by id, so a link to an enquiry answered since still opens it.
 */
export function enquiryLink(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin/needs-reply?enquiry=${encodeURIComponent(id)}`;
}
