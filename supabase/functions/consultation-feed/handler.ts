/**
 * A staff member's consultations as a calendar to subscribe to: `GET ?token=<feed token>`. A
 * calendar app sends no header, so the gateway lets anyone through (verify_jwt = false) and the
 * token is the only key: it is checked by its hash in the database, and an unknown or revoked one
 * gets a bare 404. Web-standard types only: the same module runs on Supabase's Deno runtime and in
 * the embedded backend.
 */
import { DATABASE_ENV, readEnv, url, type EnvGetter, type EnvResult } from '../_shared/env.ts';
import { feedIcs, type FeedBooking } from '../_shared/ics.ts';
import { BRAND } from '../send-enquiry-mail/consultation-mail.ts';
import { enquiryLink } from '../send-enquiry-mail/render.ts';

export interface FeedEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
  siteUrl: string;
}

export type FeedEnvResult = EnvResult<FeedEnv>;

/** Reads the settings by name (Deno.env.get or process.env); each problem names its variable. */
export const readFeedEnv = (get: EnvGetter): FeedEnvResult =>
  readEnv(get, { ...DATABASE_ENV, siteUrl: ['SITE_URL', url] });

/** One booking as `consultation_feed` gives it. */
export interface FeedRow {
  id: string;
  uid: string;
  sequence: number;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  name: string | null;
  company: string | null;
  submission_id: string;
}

export interface Feed {
  staff_name: string | null;
  bookings: FeedRow[];
}

/** What `rotate_consultation_feed` hands out: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The feed as iCalendar text: each booking named after the prospect, linked to its enquiry. */
export function feedCalendar(feed: Feed, siteUrl: string, stamp: Date): string {
  const bookings = feed.bookings.map((booking): FeedBooking => {
    const who = [booking.name, booking.company].filter((part) => part?.trim()).join(', ');
    const link = enquiryLink(siteUrl, booking.submission_id);
    return {
      uid: booking.uid,
      sequence: booking.sequence,
      status: booking.status,
      starts_at: booking.starts_at,
      ends_at: booking.ends_at,
      summary: who === '' ? 'Consultation' : `Consultation: ${who}`,
      description: `The enquiry: ${link}`,
      url: link,
    };
  });
  const name = feed.staff_name?.trim()
    ? `${BRAND} consultations: ${feed.staff_name.trim()}`
    : `${BRAND} consultations`;
  return feedIcs({ name, bookings, stamp });
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });

/** The same answer for a malformed, unknown or revoked token: nothing to tell them apart. */
const notFound = () => plain(404, 'Not found');

async function readFeed(env: FeedEnv, fetcher: typeof fetch, token: string): Promise<Feed | null> {
  const response = await fetcher(`${env.supabaseUrl}/rest/v1/rpc/consultation_feed`, {
    method: 'POST',
    headers: {
      apikey: env.serviceRoleKey,
      Authorization: `Bearer ${env.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ p_token: token }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`consultation_feed answered ${response.status}`);
  return JSON.parse(text) as Feed | null;
}

/** `GET /functions/v1/consultation-feed?token=…`: the calendar, or 404. */
export async function handle(
  request: Request,
  env: FeedEnvResult,
  fetcher: typeof fetch = fetch,
  now: () => Date = () => new Date(),
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'Use GET.', { Allow: 'GET, HEAD' });
  }
  if (!env.ok) {
    console.error(`consultation-feed is not configured: ${env.problems.join('; ')}`);
    return plain(503, 'The calendar is not available.');
  }
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!TOKEN_PATTERN.test(token)) return notFound();
  let feed: Feed | null;
  try {
    feed = await readFeed(env.env, fetcher, token);
  } catch (error) {
    console.error(`consultation-feed: ${error instanceof Error ? error.message : error}`);
    return plain(503, 'The calendar is not available just now.', { 'Retry-After': '300' });
  }
  if (!feed) return notFound();
  const body = feedCalendar(feed, env.env.siteUrl, now());
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
