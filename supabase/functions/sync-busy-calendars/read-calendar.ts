/**
 * Fetches a staff member's private calendar address with bounds: https only (redirects too), a
 * time limit and a size limit. The address is a secret (whoever holds it reads the calendar), so
 * no failure reason names it, nor anything the server answered beyond its status.
 */

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

/** The calendar's text, or a short reason it could not be read (never the address). */
export async function readCalendar(
  address: string,
  fetcher: typeof fetch = fetch,
  { timeoutMs = READ_TIMEOUT_MS, maxBytes = MAX_CALENDAR_BYTES }: ReadLimits = {},
): Promise<CalendarRead> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: 'the address is not a URL' };
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'https:') {
        return {
          ok: false,
          reason:
            redirects === 0 ? 'the address is not https' : 'redirected to an address not on https',
        };
      }
      const response = await fetcher(url, {
        headers: { Accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
        redirect: 'manual',
        signal,
      });
      if (isRedirect(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) return { ok: false, reason: `redirected (${response.status}) to nowhere` };
        if (redirects >= MAX_REDIRECTS) return { ok: false, reason: 'too many redirects' };
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `the calendar server answered ${response.status}` };
      }
      return { ok: true, text: await boundedText(response, maxBytes) };
    }
  } catch (error) {
    if (error instanceof ReadFailure) return { ok: false, reason: error.message };
    if (isTimeout(error) || signal.aborted) {
      return { ok: false, reason: `no answer within ${timeoutMs / 1000} s` };
    }
    return { ok: false, reason: 'the calendar server could not be reached' };
  }
}
