/**
 * The e-mails of a consultation booking to the enquirer (booked, moved, cancelled, reminder),
 * each with its calendar invitation attached.
 *
 * Like the acknowledgement, they repeat nothing the visitor wrote: they go to whatever address
 * the form was given, so they hold the company's own words, the time and the staff member's name,
 * never the enquiry's name or company.
 */

import { invitationIcs } from '../_shared/ics.ts';
import { knownTimeZone } from '../_shared/time-zone.ts';
import { momentText, shortSlotText, slotLines } from './consultation-time.ts';
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
  /** `<booking id>@consultations.kestrel-data`: the one calendar event every mail of the booking
   * updates. */
  uid: string;
  sequence: number;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  /** The visitor's IANA zone, e.g. Europe/Paris. */
  visitor_time_zone: string;
  /** While the booking waits for its address to be confirmed: when it is released. */
  hold_until?: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The staff member who hosts the consultation, by name only. The invitation's organizer address
 * is the site's sender and answers go to the team's inbox: a staff member's own login address is
 * never shown to whoever holds a book link. (Jobs queued before that rule carried an `email`
 * too; it is ignored.)
 */
export interface ConsultationOrganizer {
  name: string;
}

/** The page that shows, reschedules and cancels a booking, or books one with a book token. */
export function consultationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/consultation#${encodeURIComponent(token)}`;
}

/** The home page's contact form. */
export function contactLink(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/#contact`;
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
    /** consultation_cancelled: the enquiry's book token, while it may book another time. */
    book_token?: string;
    /** consultation_booked, consultation_moved: present only while the booking is unconfirmed. */
    confirm_token?: string;
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

/** What a consultation mail shows, read from its job; the reason when the job cannot be sent. */
interface BookingFacts {
  to: string;
  booking: ConsultationBooking;
  startsAt: Date;
  endsAt: Date;
  minutes: number;
  timeZone: string;
  /** Null on a cancellation: the booking is past managing. */
  manageLink: string | null;
  /** A booked or moved mail's link to confirm a booking held until then; else null. */
  confirmLink: string | null;
  /** When a held booking is released unless confirmed; null when not known. */
  holdUntil: Date | null;
  /** A cancellation's link to book another time; null when the enquiry cannot book online. */
  rebookLink: string | null;
  /** The site's contact form, for a cancellation. */
  contactLink: string;
  staffName: string;
  /** The team's inbox: where an answer to the mail goes. */
  teamEmail: string | null;
}

function readJob(job: ConsultationJob, settings: RenderSettings): BookingFacts | string {
  const {
    booking,
    organizer,
    manage_token: manageToken,
    book_token: bookToken,
    confirm_token: confirmToken,
  } = job.payload;
  const to = job.recipient === null ? null : headerAddress(job.recipient);
  if (to === null) return 'The booking mail has no usable address.';
  const startsAt = instant(booking?.starts_at);
  const endsAt = instant(booking?.ends_at);
  if (!booking || typeof booking.uid !== 'string' || booking.uid === '' || !startsAt || !endsAt) {
    return 'The booking mail names no booking.';
  }
  let manageLink: string | null = null;
  if (job.kind !== 'consultation_cancelled') {
    if (typeof manageToken !== 'string' || manageToken === '') {
      return 'The booking mail has no link to manage the booking.';
    }
    manageLink = consultationLink(settings.siteUrl, manageToken);
  }
  const rebookLink =
    job.kind === 'consultation_cancelled' && typeof bookToken === 'string' && bookToken !== ''
      ? consultationLink(settings.siteUrl, bookToken)
      : null;
  const confirmLink =
    (job.kind === 'consultation_booked' || job.kind === 'consultation_moved') &&
    typeof confirmToken === 'string' &&
    confirmToken !== ''
      ? consultationLink(settings.siteUrl, confirmToken)
      : null;
  return {
    to,
    booking,
    startsAt,
    endsAt,
    minutes: minutesBetween(startsAt, endsAt),
    timeZone: knownTimeZone(booking.visitor_time_zone),
    manageLink,
    confirmLink,
    holdUntil: confirmLink === null ? null : instant(booking.hold_until),
    rebookLink,
    contactLink: contactLink(settings.siteUrl),
    staffName: headerText(organizer?.name ?? '', 80),
    teamEmail: headerAddress(settings.staffTo),
  };
}

/** What a cancellation offers instead of a reply: another time online, or the contact form. */
function cancellationLines({ rebookLink, contactLink: contact, teamEmail }: BookingFacts) {
  const writeTo = teamEmail ? ` or write to us at ${teamEmail}` : '';
  return rebookLink === null
    ? [`To arrange another time, use the contact form at ${contact}${writeTo}.`]
    : [
        `To book another time: ${rebookLink}`,
        `To contact us instead, use the contact form at ${contact}${writeTo}.`,
      ];
}

function cancellationHtml(facts: BookingFacts): string {
  const { rebookLink, contactLink: contact, teamEmail } = facts;
  const form = `<a href="${escapeHtml(contact)}">the contact form</a>`;
  const writeTo = teamEmail
    ? ` or write to us at <a href="mailto:${escapeHtml(teamEmail)}">${escapeHtml(teamEmail)}</a>`
    : '';
  return rebookLink === null
    ? `<p>To arrange another time, use ${form}${writeTo}.</p>`
    : `<p><a href="${escapeHtml(rebookLink)}">Book another time</a></p>` +
        `<p>To contact us instead, use ${form}${writeTo}.</p>`;
}

/** A held booking's request to confirm it, and when it is released otherwise: first in the mail. */
function confirmationLines({ confirmLink, holdUntil, timeZone }: BookingFacts): string[] {
  if (confirmLink === null) return [];
  return [
    `Please confirm your booking: ${confirmLink}`,
    ...(holdUntil === null
      ? []
      : [`A booking not confirmed by ${momentText(holdUntil, timeZone)} is released.`]),
  ];
}

function confirmationHtml(facts: BookingFacts): string {
  if (facts.confirmLink === null) return '';
  const [, release] = confirmationLines(facts);
  return (
    `<p style="font-size:1.125em"><strong><a href="${escapeHtml(facts.confirmLink)}">` +
    `Confirm your booking</a></strong></p>` +
    (release === undefined ? '' : `<p>${escapeHtml(release)}</p>`)
  );
}

function bookingInvitation(facts: BookingFacts, settings: RenderSettings): string {
  const { booking, manageLink, staffName } = facts;
  return invitationIcs({
    method: manageLink === null ? 'CANCEL' : 'REQUEST',
    uid: booking.uid,
    sequence: booking.sequence,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    // the change's own time, not the send's: a job sent again renders the same bytes, which the
    // mail API's idempotency key needs
    stamp: instant(booking.updated_at)?.toISOString() ?? new Date().toISOString(),
    organizer: { name: staffName || BRAND, email: parseSender(settings.from).address },
    // the name on the enquiry is the visitor's own text, so the invitation names the address only
    attendees: [{ email: facts.to }],
    summary: `Free ${facts.minutes}-minute consultation with ${BRAND}`,
    description: [
      staffName === '' ? `With ${BRAND}.` : `With ${staffName} of ${BRAND}.`,
      ...(facts.confirmLink === null ? [] : [`Please confirm your booking: ${facts.confirmLink}`]),
      manageLink === null
        ? ['This consultation has been cancelled.', ...cancellationLines(facts)].join(' ')
        : `To reschedule or cancel: ${manageLink}`,
    ].join('\n\n'),
    url: manageLink,
  });
}

/** The mail for one consultation job, with its `.ics` invitation (or cancellation). */
export function renderConsultationMail(
  job: ConsultationJob,
  settings: RenderSettings,
): RenderResult {
  const facts = readJob(job, settings);
  if (typeof facts === 'string') return { ok: false, error: facts };
  const { manageLink, staffName, teamEmail } = facts;
  const method = manageLink === null ? 'CANCEL' : 'REQUEST';
  const opening = intro(job.kind, facts.minutes);
  const confirmation = confirmationLines(facts);
  const details = [
    ...slotLines(facts.startsAt, facts.endsAt, facts.timeZone),
    `Length: ${facts.minutes} minutes`,
    ...(staffName === '' ? [] : [`With: ${staffName}, ${BRAND}`]),
  ];
  const closing =
    manageLink === null ? cancellationLines(facts) : [`To reschedule or cancel: ${manageLink}`];
  const text = [
    'Hello,',
    '',
    opening,
    '',
    ...(confirmation.length === 0 ? [] : [...confirmation, '']),
    ...details,
    '',
    calendarNote[job.kind],
    '',
    ...closing,
    '',
    BRAND,
  ].join('\n');
  const html = page(
    `<p>Hello,</p><p>${escapeHtml(opening)}</p>` +
      confirmationHtml(facts) +
      `<p>${details.map(escapeHtml).join('<br>')}</p>` +
      `<p>${escapeHtml(calendarNote[job.kind])}</p>` +
      (manageLink === null
        ? cancellationHtml(facts)
        : `<p><a href="${escapeHtml(manageLink)}">Reschedule or cancel your consultation</a></p>`) +
      `<p>${BRAND}</p>`,
  );
  const mail: OutgoingMail = {
    from: settings.from,
    to: facts.to,
    subject: headerText(
      `${subjectStart[job.kind]} ${shortSlotText(facts.startsAt, facts.timeZone)}`,
    ),
    text,
    html,
    attachments: [
      textAttachment(
        'invite.ics',
        `text/calendar; method=${method}; charset=UTF-8`,
        bookingInvitation(facts, settings),
      ),
    ],
  };
  // an answer to the mail, though none is asked for, reaches the team
  if (teamEmail) mail.reply_to = teamEmail;
  return { ok: true, mail };
}
