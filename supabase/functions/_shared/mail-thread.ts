/**
 * One thread per enquiry: the reply address that brings the enquirer's answer back to the record,
 * and the Message-ID, In-Reply-To and References that keep our mails and their answers together
 * in their mail client. Pure functions, shared by the sender and the receiver of mail.
 */

import type { EnvRule } from './env.ts';

/** What the database gives with a mail to the enquirer (private.mail_thread). */
export interface MailThread {
  enquiry_id: string;
  /** The enquiry's reply token: 32 lower-case hex characters. */
  token: string;
  /** The Message-ID of the enquirer's latest answer, if they have answered. */
  answer_message_id: string | null;
}

const DOMAIN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A domain name as MAIL_INBOUND_DOMAIN holds it (lower case, no scheme, no address), or null. */
export function inboundDomain(text: string): string | null {
  const domain = text.trim().toLowerCase();
  return DOMAIN.test(domain) ? domain : null;
}

export const inboundDomainRule: EnvRule = {
  kind: 'checked',
  check: inboundDomain,
  expected: 'the domain whose mail the mail API receives, e.g. reply.example.co.uk',
};

const TOKEN = /^[0-9a-f]{32}$/;

/** `reply+<token>@<domain>`: where the enquirer's answer goes. */
export function replyAddress(token: string, domain: string): string {
  if (!TOKEN.test(token)) throw new Error('A reply token is 32 lower-case hex characters.');
  return `reply+${token}@${domain}`;
}

/** The address part of `Name <address>` or a bare address. */
export function bareAddress(text: string): string {
  const angled = /<([^<>\s]+)>\s*$/.exec(text);
  return (angled?.[1] ?? text).trim();
}

/**
 * The token of a reply address on the inbound domain, from the addresses a message was sent to,
 * or null when none is one. Case is ignored: some mail systems fold it.
 */
export function tokenFromRecipients(recipients: readonly string[], domain: string): string | null {
  for (const recipient of recipients) {
    const match = /^reply\+([0-9a-f]{32})@(.+)$/i.exec(bareAddress(recipient));
    if (match && match[2]?.toLowerCase() === domain) return match[1]?.toLowerCase() ?? null;
  }
  return null;
}

/** A Message-ID is `<left@right>` without spaces or line breaks; anything else is dropped. */
export function messageIdOrNull(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return /^<[^<>\s@]+@[^<>\s@]+>$/.test(trimmed) && trimmed.length <= 998 ? trimmed : null;
}

/** The thread's root: the Message-ID of the acknowledgement, named by every later mail. */
export const threadRoot = (thread: MailThread, domain: string) =>
  `<enquiry-${thread.enquiry_id}@${domain}>`;

/**
 * The Reply-To and headers of one mail to the enquirer. The acknowledgement opens the thread;
 * every later mail answers their latest answer, or else the acknowledgement.
 */
export function threadHeaders(
  thread: MailThread,
  jobId: string,
  opensThread: boolean,
  domain: string,
): { reply_to: string; headers: Record<string, string> } {
  const root = threadRoot(thread, domain);
  const reply_to = replyAddress(thread.token, domain);
  if (opensThread) return { reply_to, headers: { 'Message-ID': root } };
  const answer = messageIdOrNull(thread.answer_message_id);
  return {
    reply_to,
    headers: {
      'Message-ID': `<${jobId}@${domain}>`,
      'In-Reply-To': answer ?? root,
      References: answer ? `${root} ${answer}` : root,
    },
  };
}
