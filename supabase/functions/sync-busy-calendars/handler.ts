/**
 * Reads each staff member's own calendar (the private iCal address they gave) and stores when
 * they are busy, so the booking offers none of those times. Run by pg_cron through pg_net with
 * the service-role key, and by the embedded backend in-process. Web-standard types only: the
 * same module runs on Supabase's Deno runtime and in the embedded backend.
 */
import { DATABASE_ENV, readEnv, type EnvGetter, type EnvResult } from '../_shared/env.ts';
import { isServiceRoleRequest } from '../_shared/service-role.ts';
import {
  busyTimesFromIcs,
  NotICalendarError,
  TooManyOccurrencesError,
  type BusyTime,
} from './busy-times.ts';
import { refuseEveryAddress, type CalendarFetch } from './public-fetch.ts';
import { readCalendar, type ReadLimits } from './read-calendar.ts';

export interface SyncEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
}

export type SyncEnvResult = EnvResult<SyncEnv>;

/** Reads the settings by name (Deno.env.get or process.env); each problem names its variable. */
export const readSyncEnv = (get: EnvGetter): SyncEnvResult => readEnv(get, DATABASE_ENV);

/**
 * How far ahead busy times are read: past the longest offer the settings allow (offer_days and
 * horizon_days are at most 90), so no time on offer lacks them.
 */
export const DAYS_AHEAD = 92;

export interface SyncSummary {
  calendars: number;
  /** Read and stored. */
  read: number;
  /** Not read; the reason is stored for the staff member, the busy times read before kept. */
  failed: number;
  /** Busy times stored in all. */
  busy: number;
}

export interface SyncOptions {
  /**
   * The calendar servers' fetch, which connects to public addresses only (public-fetch.ts); the
   * database is always reached with `fetcher`. Without one no calendar is read.
   */
  calendarFetcher?: CalendarFetch;
  now?: () => Date;
  limits?: ReadLimits;
}

interface CalendarToRead {
  staff_id: string;
  url: string;
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

async function rpc<T>(env: SyncEnv, fetcher: typeof fetch, name: string, args: unknown) {
  const response = await fetcher(`${env.supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: env.serviceRoleKey,
      Authorization: `Bearer ${env.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type CalendarOutcome = { ok: true; busy: BusyTime[] } | { ok: false; reason: string };

async function readBusyTimes(
  calendar: CalendarToRead,
  fetcher: CalendarFetch,
  now: Date,
  limits: ReadLimits | undefined,
): Promise<CalendarOutcome> {
  const read = await readCalendar(calendar.url, fetcher, limits);
  if (!read.ok) return read;
  const until = new Date(now.getTime() + DAYS_AHEAD * 86_400_000);
  try {
    return { ok: true, busy: busyTimesFromIcs(read.text, { from: now, until }) };
  } catch (error) {
    if (error instanceof NotICalendarError || error instanceof TooManyOccurrencesError) {
      return { ok: false, reason: error.message };
    }
    return { ok: false, reason: 'the calendar could not be read' };
  }
}

/**
 * Reads every calendar (at once: each waits mostly on its server) and records what each gave.
 * Only a failure to list the calendars fails the run; a calendar's failure is recorded for it.
 */
export async function syncBusyCalendars(
  env: SyncEnv,
  fetcher: typeof fetch = fetch,
  options: SyncOptions = {},
): Promise<SyncSummary> {
  const { calendarFetcher = refuseEveryAddress, now = () => new Date(), limits } = options;
  const calendars = await rpc<CalendarToRead[]>(env, fetcher, 'busy_calendars_to_read', {});
  const outcomes = await Promise.all(
    calendars.map(async (calendar) => {
      const outcome = await readBusyTimes(calendar, calendarFetcher, now(), limits);
      try {
        const stored = await rpc<number>(env, fetcher, 'record_busy_times', {
          p_staff_id: calendar.staff_id,
          p_busy: outcome.ok ? outcome.busy : [],
          p_error: outcome.ok ? null : outcome.reason,
        });
        return outcome.ok ? { read: 1, failed: 0, busy: stored } : { read: 0, failed: 1, busy: 0 };
      } catch (error) {
        console.error(
          `sync-busy-calendars: staff ${calendar.staff_id}: ${error instanceof Error ? error.message : error}`,
        );
        return { read: 0, failed: 1, busy: 0 };
      }
    }),
  );
  return outcomes.reduce<SyncSummary>(
    (summary, outcome) => ({
      calendars: summary.calendars + 1,
      read: summary.read + outcome.read,
      failed: summary.failed + outcome.failed,
      busy: summary.busy + outcome.busy,
    }),
    { calendars: 0, read: 0, failed: 0, busy: 0 },
  );
}

/** `POST /functions/v1/sync-busy-calendars`: reads every staff calendar. Service role only. */
export async function handle(
  request: Request,
  env: SyncEnvResult,
  fetcher: typeof fetch = fetch,
  options: SyncOptions = {},
): Promise<Response> {
  if (request.method !== 'POST') return jsonResponse(405, { error: 'Use POST.' });
  if (!env.ok) {
    console.error(`sync-busy-calendars is not configured: ${env.problems.join('; ')}`);
    return jsonResponse(500, { error: 'The calendar reader is not configured.' });
  }
  if (!isServiceRoleRequest(request, env.env.serviceRoleKey)) {
    return jsonResponse(401, { error: 'Only the service role may read the staff calendars.' });
  }
  try {
    return jsonResponse(200, await syncBusyCalendars(env.env, fetcher, options));
  } catch (error) {
    console.error(
      `sync-busy-calendars: the calendars could not be listed: ${error instanceof Error ? error.message : error}`,
    );
    return jsonResponse(502, { error: 'The calendars could not be listed.' });
  }
}
