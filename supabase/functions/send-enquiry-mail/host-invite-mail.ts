/**
 * The host's own calendar invitation for a consultation: booked, moved, cancelled or released,
 * mailed to the staff member who meets the prospect so their calendar has it within a minute
 * (a subscribed feed is read only every few hours). It carries the same UID and SEQUENCE as the
 * prospect's invitation, so both copies are one event that updates in place.
 *
 * Staff mail: it names the prospect and links to the enquiry, and nothing more of what they wrote.
 */

import { invitationIcs } from '../_shared/ics.ts';
import { LONDON_TIME_ZONE, clockIn, zonedParts } from '../_shared/time-zone.ts';
import { BRAND } from './consultation-mail.ts';
import type { ConsultationBooking } from './consultation-mail.ts';
import { momentText, slotText } from './consultation-time.ts';
import {
  enquiryLink,
  escapeHtml,
  headerAddress,
  headerText,
  page,
  parseSender,
  textAttachment,
} from './mail-parts.ts';
import type { OutgoingMail, RenderResult, RenderSettings } from './mail-parts.ts';

export const HOST_INVITE_KIND = 'consultation_host_invite';

/**
 * Why the host's calendar changes: handed_over when the prospect moved it to a time another host
 * takes (this host gets the cancellation, the other a booked invitation).
 */
export type HostChange = 'booked' | 'moved' | 'cancelled' | 'released' | 'handed_over';

export interface HostInvitePayload {
  /** REQUEST puts the meeting in the host's calendar or moves it there; CANCEL takes it off. */
  method?: 'REQUEST' | 'CANCEL';
  change?: HostChange;
  booking?: ConsultationBooking;
  /** moved, handed_over: the time it had before. */
  previous?: { starts_at: string; ends_at: string } | null;
  /** The host's name as staff see it; their address is the job's recipient. */
  host?: { name: string } | null;
  /** The prospect: named in the host's copy, and an attendee of it. */
  enquiry?: { id: string; name: string; company: string; email?: string };
}

interface HostInviteJob {
  recipient: string | null;
  payload: HostInvitePayload;
}

const changes: readonly HostChange[] = ['booked', 'moved', 'cancelled', 'released', 'handed_over'];

const instant = (value: unknown) => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** "Tue 8 Dec 09:00", London's clock: short enough for a subject. */
function shortLondon(at: Date): string {
  const part = zonedParts(at, LONDON_TIME_ZONE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return `${part('weekday')} ${part('day')} ${part('month')} ${clockIn(at, LONDON_TIME_ZONE)}`;
}

const subjectStart: Record<HostChange, string> = {
  booked: 'Consultation booked',
  moved: 'Consultation moved',
  cancelled: 'Consultation cancelled',
  released: 'Consultation released',
  handed_over: 'Consultation handed over',
};

function opening(change: HostChange, who: string, minutes: number): string {
  switch (change) {
    case 'booked':
      return `${who} has a free ${minutes}-minute consultation with you.`;
    case 'moved':
      return `The consultation with ${who} has moved.`;
    case 'cancelled':
      return `The consultation with ${who} has been cancelled.`;
    case 'released':
      return `The consultation with ${who} has been released: they did not confirm it in time.`;
    case 'handed_over':
      return `The consultation with ${who} has moved to a time another host takes, so it is no longer yours.`;
  }
}

const calendarNote = (method: 'REQUEST' | 'CANCEL') =>
  method === 'REQUEST'
    ? 'The invitation is attached (invite.ics) and puts the meeting in your calendar.'
    : 'The cancellation is attached (invite.ics) and takes the meeting off your calendar.';

/** The host's mail for one booking change, with the invitation (or cancellation) attached. */
export function renderHostInvite(job: HostInviteJob, settings: RenderSettings): RenderResult {
  const { method, change, booking, previous, host, enquiry } = job.payload;
  const to = job.recipient === null ? null : headerAddress(job.recipient);
  if (to === null) return { ok: false, error: "The host's invitation has no usable address." };
  if ((method !== 'REQUEST' && method !== 'CANCEL') || !change || !changes.includes(change)) {
    return { ok: false, error: "The host's invitation says neither what changed nor how." };
  }
  const startsAt = instant(booking?.starts_at);
  const endsAt = instant(booking?.ends_at);
  if (!booking || typeof booking.uid !== 'string' || booking.uid === '' || !startsAt || !endsAt) {
    return { ok: false, error: "The host's invitation names no booking." };
  }
  if (!enquiry || typeof enquiry.id !== 'string') {
    return { ok: false, error: "The host's invitation names no enquiry." };
  }
  const name = headerText(enquiry.name ?? '', 80) || 'A prospect';
  const company = headerText(enquiry.company ?? '', 80);
  const who = company === '' ? name : `${name} (${company})`;
  const minutes = Math.max(1, Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000));
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const hostName = headerText(host?.name ?? '', 80);
  const prospectEmail = headerAddress(enquiry.email ?? '');
  const holdUntil = method === 'REQUEST' ? instant(booking.hold_until) : null;
  const before = instant(previous?.starts_at);
  const beforeEnd = instant(previous?.ends_at);
  const hadBefore = before !== null && beforeEnd !== null;
  // handed over: the host knew it at its old time, which is what their mail names
  const shownStart = change === 'handed_over' && hadBefore ? before : startsAt;

  const details =
    change === 'handed_over' && hadBefore
      ? [`Was: ${slotText(before, beforeEnd, LONDON_TIME_ZONE)}`]
      : [
          `When: ${slotText(startsAt, endsAt, LONDON_TIME_ZONE)}`,
          ...(change === 'moved' && hadBefore
            ? [`Was: ${slotText(before, beforeEnd, LONDON_TIME_ZONE)}`]
            : []),
        ];
  const hold =
    holdUntil === null
      ? []
      : [
          `Not confirmed yet: released on ${momentText(holdUntil, LONDON_TIME_ZONE)} unless the prospect confirms it.`,
        ];
  const intro = opening(change, who, minutes);
  const text = [
    intro,
    '',
    ...details,
    ...(hold.length === 0 ? [] : ['', ...hold]),
    '',
    calendarNote(method),
    '',
    `Open the enquiry: ${link}`,
  ].join('\n');
  const html = page(
    `<p>${escapeHtml(intro)}</p>` +
      `<p>${details.map(escapeHtml).join('<br>')}</p>` +
      hold.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p>${escapeHtml(calendarNote(method))}</p>` +
      `<p><a href="${escapeHtml(link)}">Open the enquiry</a></p>`,
  );
  const ics = invitationIcs({
    method,
    uid: booking.uid,
    sequence: booking.sequence,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    // the change's own time, as on the prospect's copy: a job sent again renders the same bytes
    stamp: instant(booking.updated_at)?.toISOString() ?? new Date().toISOString(),
    organizer: { name: hostName || BRAND, email: parseSender(settings.from).address },
    attendees: [
      { name: hostName || null, email: to, accepted: true },
      ...(prospectEmail === null ? [] : [{ name, email: prospectEmail }]),
    ],
    summary: `Consultation: ${company === '' ? name : `${name}, ${company}`}`,
    description: `The enquiry: ${link}`,
    url: link,
  });
  const mail: OutgoingMail = {
    from: settings.from,
    to,
    subject: headerText(`${subjectStart[change]}: ${name}, ${shortLondon(shownStart)}`),
    text,
    html,
    attachments: [
      textAttachment('invite.ics', `text/calendar; method=${method}; charset=UTF-8`, ics),
    ],
  };
  return { ok: true, mail };
}
