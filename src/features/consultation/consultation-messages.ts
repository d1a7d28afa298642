import { site } from '@/config/site';
import type { ConsultationProblem } from '@/features/consultation/consultation-api';

/** What a refusal means for the visitor: a short title and what they can do now. */
export type ProblemMessage = { title: string; text: string };

const getInTouch = `write to ${site.contactEmail} and we'll find a time with you`;

/**
 * A link that does not work: cut short or changed on its way (it does not parse), or refused as
 * not ours. Trying again cannot help; the acknowledgement of the enquiry has a link that does.
 */
export const brokenLinkMessage: ProblemMessage = {
  title: 'This link does not work',
  text: `Part of it may have been lost on its way to you. You can book your consultation from the link in the acknowledgement e-mail we sent you after your enquiry, or ${getInTouch}.`,
};

/** Every refusal of a visitor's consultation call, in the visitor's words. */
export const problemMessages: Record<ConsultationProblem, ProblemMessage> = {
  consultation_token_invalid: brokenLinkMessage,
  consultation_token_expired: {
    title: 'This link has expired',
    text: `For a new one, ${getInTouch}.`,
  },
  consultation_token_replaced: {
    title: 'This link has been replaced',
    text: 'The consultation has been moved since this link was sent. Please use the link in our most recent e-mail.',
  },
  consultation_not_offered: {
    title: 'Online booking is not available for this enquiry',
    text: "We'll reply to your enquiry by e-mail to arrange a time.",
  },
  consultation_already_booked: {
    title: 'A consultation is already booked',
    text: 'Your enquiry already has a consultation. The e-mail we sent you has its details and the links to move or cancel it.',
  },
  consultation_slot_taken: {
    title: 'That time was just taken',
    text: 'That time was just taken. Here are the nearest free times.',
  },
  consultation_slot_not_offered: {
    title: 'That time is not on offer',
    text: 'That time is not one of the free times we offer. Please choose one from the list.',
  },
  consultation_cancelled: {
    title: 'This consultation was cancelled',
    text: `It can no longer be changed. To arrange another, ${getInTouch}.`,
  },
  consultation_rate_limit: {
    title: 'Too many attempts',
    text: 'Please wait a few minutes, then try again.',
  },
  consultation_mail_limit: {
    title: 'We cannot send more booking e-mails just now',
    text: `Your change was not made. To arrange a time, ${getInTouch}.`,
  },
  consultation_holds_full: {
    title: 'We cannot hold another booking just now',
    text: `We are holding as many unconfirmed bookings as we can. Your booking was not made. To arrange a time, ${getInTouch}.`,
  },
  consultation_read_limit: {
    title: 'Too many requests',
    text: 'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
  },
  consultation_past: {
    title: 'This consultation has already started',
    text: `It can no longer be moved or cancelled. To arrange another, ${getInTouch}.`,
  },
  consultation_time_zone_invalid: {
    title: 'That time zone was not accepted',
    text: 'Please choose another time zone from the list, then confirm again.',
  },
  failed: {
    title: 'Something went wrong',
    text: 'We could not reach our booking system. Please check your connection and try again.',
  },
};

/**
 * A confirm link refused as cancelled: the booking was cancelled, or released because it was not
 * confirmed in time (the refusal does not say which). The enquiry's book link still works.
 */
export const noLongerHeldMessage: ProblemMessage = {
  title: 'This booking is no longer held',
  text: `It was cancelled, or released because it was not confirmed in time. You can choose a time again from the link in the acknowledgement e-mail we sent you after your enquiry, or ${getInTouch}.`,
};

/** The consultation page opened without a token in its address. */
export const missingLinkMessage: ProblemMessage = {
  title: 'This page opens from your e-mail',
  text: `Please open it with the link in the e-mail we sent you after your enquiry, or ${getInTouch}.`,
};

/**
 * The problems after which the link can do nothing more: the flow stops and says why. The
 * others (a taken time, a busy moment, a time zone) leave the visitor where they were.
 */
export const finalProblems: ReadonlySet<ConsultationProblem> = new Set([
  'consultation_token_invalid',
  'consultation_token_expired',
  'consultation_token_replaced',
  'consultation_not_offered',
  'consultation_already_booked',
  'consultation_cancelled',
  'consultation_past',
]);
