import { availabilityError } from '@/features/admin/availability/availability-error';
import type { Database } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

type StatusRow = Database['public']['Functions']['busy_calendar_status']['Returns'][number];

/**
 * Where the staff member's busy calendar stands. The type generator reads no nullability for the
 * columns of a `returns table` function, but without an address, or before a first sync, the hint,
 * time and error are null.
 */
export type BusyCalendarStatus = Omit<StatusRow, 'url_hint' | 'synced_at' | 'last_error'> & {
  url_hint: string | null;
  synced_at: string | null;
  last_error: string | null;
};

/** The database's bound on the address (set_busy_calendar_url). */
export const MAX_CALENDAR_URL_LENGTH = 2000;

/**
 * The calendar address as the database takes it, or why not. A webcal:// address (what calendar
 * apps hand out) is the same address over https.
 */
export function checkCalendarUrl(
  text: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return {
      ok: false,
      message: 'Paste the private address of your calendar in iCal format, starting https://.',
    };
  }
  const url = trimmed.replace(/^webcal:\/\//i, 'https://');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      ok: false,
      message: 'This is not a web address: paste the whole address, starting https://.',
    };
  }
  if (parsed.protocol !== 'https:') {
    return { ok: false, message: 'The address must start with https:// (or webcal://).' };
  }
  // The calendar reader refuses these (supabase/functions/sync-busy-calendars/read-calendar.ts):
  // said here, at once, rather than after the first read.
  if (parsed.port || parsed.username || parsed.password) {
    return {
      ok: false,
      message:
        'Give the address without a port or a user name and password: calendars are read only from public https addresses.',
    };
  }
  // The database wants a path after the host, as URL gives ("https://host/").
  const { href } = parsed;
  if (href.length > MAX_CALENDAR_URL_LENGTH) {
    return {
      ok: false,
      message: `The address is ${href.length.toLocaleString('en-GB')} characters long; the most is ${MAX_CALENDAR_URL_LENGTH.toLocaleString('en-GB')}.`,
    };
  }
  return { ok: true, url: href };
}

export async function getBusyCalendarStatus(
  client: AppSupabaseClient,
): Promise<BusyCalendarStatus> {
  const { data, error } = await client.rpc('busy_calendar_status');
  if (error) throw availabilityError(error);
  return (
    data?.[0] ?? {
      has_url: false,
      url_hint: null,
      synced_at: null,
      last_error: null,
      busy_count: 0,
    }
  );
}

/** Sets the staff member's busy calendar address; blank removes it. */
export async function setBusyCalendarUrl(client: AppSupabaseClient, url: string): Promise<void> {
  const { error } = await client.rpc('set_busy_calendar_url', { p_url: url });
  if (error) throw availabilityError(error);
}
