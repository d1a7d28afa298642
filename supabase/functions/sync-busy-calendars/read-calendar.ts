/**
 * Fetches a staff member's private calendar address with bounds: https on its standard port only,
 * no user name or password in it, public addresses only (redirects checked alike), a time limit
 * and a size limit. The address is a secret (whoever holds it reads the calendar), so no failure
 * reason names it. A reason is one of a few kinds and never tells whether a server answered or
 * what it answered: the address is typed in by staff, and such details would tell them what
 * listens where the reader runs.
 */
import { AddressNotAllowedError } from './public-address.ts';
import { hostOf, isRefusedHost, type CalendarFetch } from './public-fetch.ts';

export const READ_TIMEOUT_MS = 10_000;
export const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export type CalendarRead = { ok: true; text: string } | { ok: false; reason: string };

export interface ReadLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

class ReadFailure extends Error {}

export const NOT_ALLOWED = 'the address is not allowed';
export const REDIRECT_NOT_ALLOWED = 'redirected to an address that is not allowed';
export const REFUSED = 'the calendar server refused';

/**
 * Why the reader must not ask this URL at all, or null. Names are resolved and checked by the
 * fetch, which connects to what it checked.
 */
function refusal(url: URL, redirected: boolean): string | null {
  if (url.protocol !== 'https:') {
    return redirected ? 'redirected to an address not on https' : 'the address is not https';
  }
  // No port but https's own: the reader is no probe of other services on a public host.
  if (url.username || url.password || url.port || isRefusedHost(hostOf(url))) {
    return redirected ? REDIRECT_NOT_ALLOWED : NOT_ALLOWED;
  }
  return null;
}

/** The body as text, refused once it grows past maxBytes. */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ReadFailure(`the calendar is larger than ${maxBytes / 1024 / 1024} MB`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ReadFailure(`the calendar is larger than ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * The calendar's text, or a short reason it could not be read (never the address). `fetcher`
 * must itself refuse, with AddressNotAllowedError, a host that resolves to an address not public.
 */
export async function readCalendar(
  address: string,
  fetcher: CalendarFetch,
  { timeoutMs = READ_TIMEOUT_MS, maxBytes = MAX_CALENDAR_BYTES }: ReadLimits = {},
): Promise<CalendarRead> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: 'the address is not a URL' };
  }
  let redirects = 0;
  try {
    for (; ; redirects += 1) {
      const refused = refusal(url, redirects > 0);
      if (refused) return { ok: false, reason: refused };
      const response = await fetcher(url, {
        headers: { Accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
        redirect: 'manual',
        signal,
      });
      if (isRedirect(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) return { ok: false, reason: REFUSED };
        if (redirects >= MAX_REDIRECTS) return { ok: false, reason: 'too many redirects' };
        try {
          url = new URL(location, url);
        } catch {
          return { ok: false, reason: REFUSED };
        }
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: REFUSED };
      }
      return { ok: true, text: await boundedText(response, maxBytes) };
    }
  } catch (error) {
    if (error instanceof ReadFailure) return { ok: false, reason: error.message };
    if (error instanceof AddressNotAllowedError) {
      return { ok: false, reason: redirects === 0 ? NOT_ALLOWED : REDIRECT_NOT_ALLOWED };
    }
    if (isTimeout(error) || signal.aborted) {
      return { ok: false, reason: `no answer within ${timeoutMs / 1000} s` };
    }
    return { ok: false, reason: REFUSED };
  }
}
