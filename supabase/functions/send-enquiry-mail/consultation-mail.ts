/**
 * The e-mails of a consultation booking to the enquirer (booked, moved, cancelled, reminder),
 * each with its calendar invitation attached.
 *
 * Like the acknowledgement, they repeat nothing the visitor wrote: the address they go to is
 * whatever the form was given, so the text is the company's, the time and the staff member's name.
 */

import { slotLines, shortSlotText, knownTimeZone } from './consultation-time.ts';
import { invitationIcs } from './ics.ts';
import {
  escapeHtml,
  headerAddress,
  headerText,
  page,
  parseSender,
  textAttachment,
} from './mail-parts.ts';
import type { OutgoingMail, RenderResult, RenderSettings } from './mail-parts.ts';

export const BRAND = 'Kestrel Data';

export type ConsultationKind =
  'consultation_booked' | 'consultation_moved' | 'consultation_cancelled' | 'consultation_reminder';

export const consultationKinds: readonly ConsultationKind[] = [
  'consultation_booked',
  'consultation_moved',
  'consultation_cancelled',
  'consultation_reminder',
];

/** The booking as a consultation mail's payload carries it. */
export interface ConsultationBooking {
  id: string;
  /** `<booking id>@consultations.kestrel-data`: the one calendar event every mail of the booking updates. */
  uid: string;
  sequence: number;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  /** The visitor's IANA zone, e.g. Europe/Paris. */
  visitor_time_zone: string;
  created_at: string;
  updated_at: string;
}

/** The staff member who hosts the consultation: the invitation's organizer. */
export interface ConsultationOrganizer {
  name: string;
  email: string;
}

/** The enquiry a consultation belongs to; its mail does not use it (see the module's note). */
export interface ConsultationEnquiry {
  id: string;
  name: string;
  company: string;
}

/** The page that shows, reschedules and cancels a booking, or books one with a book token. */
export function consultationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/consultation#${encodeURIComponent(token)}`;
}

export const isConsultationKind = (kind: string): kind is ConsultationKind =>
  (consultationKinds as readonly string[]).includes(kind);

interface ConsultationJob {
  kind: ConsultationKind;
  recipient: string | null;
  payload: {
    booking?: ConsultationBooking;
    organizer?: ConsultationOrganizer | null;
    manage_token?: string;
  };
}

const instant = (value: unknown) => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

const intro = (kind: ConsultationKind, minutes: number) => {
  const consultation = `Your free ${minutes}-minute consultation with ${BRAND}`;
  if (kind === 'consultation_booked') return `${consultation} is booked.`;
  if (kind === 'consultation_moved') return `${consultation} has moved to a new time.`;
  if (kind === 'consultation_cancelled') return `${consultation} has been cancelled.`;
  return `A reminder: ${consultation.charAt(0).toLowerCase()}${consultation.slice(1)} is coming up.`;
};

const subjectStart: Record<ConsultationKind, string> = {
  consultation_booked: 'Consultation booked:',
  consultation_moved: 'Consultation moved to',
  consultation_cancelled: 'Consultation cancelled:',
  consultation_reminder: 'Reminder: consultation on',
};

const calendarNote: Record<ConsultationKind, string> = {
  consultation_booked:
    'The invitation is attached (invite.ics): open it to add the meeting to your calendar.',
  consultation_moved:
    'The updated invitation is attached (invite.ics): open it to move the meeting in your calendar.',
  consultation_cancelled:
    'The cancellation is attached (invite.ics): open it to take the meeting off your calendar.',
  consultation_reminder:
    'The invitation is attached again (invite.ics), in case the meeting is not in your calendar yet.',
};

const minutesBetween = (start: Date, end: Date) =>
  Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));

/** The mail for one consultation job, with its `.ics` invitation (or cancellation). */
export function renderConsultationMail(
  job: ConsultationJob,
  settings: RenderSettings,
): RenderResult {
  const { booking, organizer } = job.payload;
  const to = job.recipient === null ? null : headerAddress(job.recipient);
  if (to === null) return { ok: false, error: 'The booking mail has no usable address.' };
  const startsAt = instant(booking?.starts_at);
  const endsAt = instant(booking?.ends_at);
  if (!booking || typeof booking.uid !== 'string' || booking.uid === '' || !startsAt || !endsAt) {
    return { ok: false, error: 'The booking mail names no booking.' };
  }
  const cancelled = job.kind === 'consultation_cancelled';
  const manageToken = job.payload.manage_token;
  if (!cancelled && (typeof manageToken !== 'string' || manageToken === '')) {
    return { ok: false, error: 'The booking mail has no link to manage the booking.' };
  }
  const manageLink = cancelled ? null : consultationLink(settings.siteUrl, manageToken as string);
  const sender = parseSender(settings.from);
  const staffEmail = headerAddress(organizer?.email ?? '');
  const staffName = headerText(organizer?.name ?? '', 80);
  const minutes = minutesBetween(startsAt, endsAt);
  const timeZone = knownTimeZone(booking.visitor_time_zone);
  const when = slotLines(startsAt, endsAt, timeZone);
  const opening = intro(job.kind, minutes);
  const withLine = staffName === '' ? null : `With: ${staffName}, ${BRAND}`;
  const closing = cancelled
    ? 'If you would like another time, reply to this e-mail.'
    : `To reschedule or cancel: ${manageLink}`;

  const ics = invitationIcs({
    method: cancelled ? 'CANCEL' : 'REQUEST',
    uid: booking.uid,
    sequence: booking.sequence,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    // the change's own time, not the send's: a job sent again renders the same bytes, which the
    // mail API's idempotency key needs
    stamp: instant(booking.updated_at)?.toISOString() ?? new Date().toISOString(),
    organizer: staffEmail
      ? { name: staffName || BRAND, email: staffEmail }
      : { name: BRAND, email: sender.address },
    // the name on the enquiry is the visitor's own text, so the invitation names the address only
    attendee: { email: to },
    summary: `Free ${minutes}-minute consultation with ${BRAND}`,
    description: [
      staffName === '' ? `With ${BRAND}.` : `With ${staffName} of ${BRAND}.`,
      cancelled
        ? 'This consultation has been cancelled. To book another time, reply to the e-mail that came with this invitation.'
        : `To reschedule or cancel: ${manageLink}`,
    ].join('\n\n'),
    url: manageLink,
  });

  const lines = [
    'Hello,',
    '',
    opening,
    '',
    ...when,
    `Length: ${minutes} minutes`,
    ...(withLine ? [withLine] : []),
    '',
    calendarNote[job.kind],
    '',
    closing,
    '',
    BRAND,
  ];
  const details = [...when, `Length: ${minutes} minutes`, ...(withLine ? [withLine] : [])];
  const html = page(
    `<p>Hello,</p><p>${escapeHtml(opening)}</p>` +
      `<p>${details.map(escapeHtml).join('<br>')}</p>` +
      `<p>${escapeHtml(calendarNote[job.kind])}</p>` +
      (manageLink
        ? `<p><a href="${escapeHtml(manageLink)}">Reschedule or cancel your consultation</a></p>`
        : `<p>${escapeHtml(closing)}</p>`) +
      `<p>${BRAND}</p>`,
  );
  const mail: OutgoingMail = {
    from: settings.from,
    to,
    subject: headerText(`${subjectStart[job.kind]} ${shortSlotText(startsAt, timeZone)}`),
    text: lines.join('\n'),
    html,
    attachments: [
      textAttachment(
        'invite.ics',
        `text/calendar; method=${cancelled ? 'CANCEL' : 'REQUEST'}; charset=UTF-8`,
        ics,
      ),
    ],
  };
  if (staffEmail) mail.reply_to = staffEmail;
  return { ok: true, mail };
}
