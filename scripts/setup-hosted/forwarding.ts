/**
 * How many proxies append to X-Forwarded-For before an Edge Function runs, measured on the
 * deployed project. Supabase documents the count for the Data API, not for functions, and the
 * per-client limits of the booking function depend on it: counting too few entries from the right
 * keys every visitor by a proxy's address (one visitor's traffic then limits everyone), too many
 * lets a visitor name their own key. The set-up sends a marker entry of its own to the function's
 * service-role probe; the entries after the marker in what the function received are the ones the
 * platform appended, the first of them the caller's own address.
 */
import type { SetupConfig } from './config.ts';

/** A documentation address (TEST-NET-3): never a real caller's. */
export const FORWARDING_MARKER = '203.0.113.77';

/** The database keeps the count within these bounds (enquiry_limits_function_hops). */
const MAX_HOPS = 5;

export const consultationUrl = (projectRef: string) =>
  `https://${projectRef}.supabase.co/functions/v1/consultation`;

/** Changes nothing when the count is already stored, so a second run reports no change. */
export const FORWARDING_SQL =
  'update private.enquiry_limits set function_proxy_hops = $1 where function_proxy_hops <> $1';

export const showForwardingProbe = (config: SetupConfig, mask: string) =>
  `$ POST ${consultationUrl(config.projectRef)} {"action":"forwarding"} (Authorization: Bearer ${mask}, X-Forwarded-For: ${FORWARDING_MARKER}): the proxies after the marker, stored by "${FORWARDING_SQL}"`;

export type ForwardingVerdict =
  { ok: true; hops: number; message: string } | { ok: false; retry: boolean; message: string };

const entriesOf = (header: string) =>
  header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/**
 * The count of proxies from the probe's answer. With the marker kept, the entries after it were
 * appended by the platform; with it dropped, a proxy rewrote the header and every entry is its.
 */
export function proxyHopsFrom(status: number, body: string): ForwardingVerdict {
  if (status === 404) {
    return { ok: false, retry: true, message: '404: the consultation function is not deployed' };
  }
  if (status !== 200) {
    return {
      ok: false,
      retry: status >= 500,
      message: `the consultation function answered ${status}: ${body.slice(0, 200)}`,
    };
  }
  let header: unknown;
  try {
    header = (JSON.parse(body) as { forwarded_for?: unknown }).forwarded_for;
  } catch {
    header = undefined;
  }
  if (typeof header !== 'string' && header !== null) {
    return { ok: false, retry: false, message: `200 without forwarded_for: ${body.slice(0, 200)}` };
  }
  const entries = entriesOf(header ?? '');
  const marker = entries.lastIndexOf(FORWARDING_MARKER);
  const hops = marker === -1 ? entries.length : entries.length - marker - 1;
  if (hops === 0) {
    return {
      ok: false,
      retry: false,
      message:
        marker === -1
          ? 'the function received no X-Forwarded-For: no per-client key can be trusted'
          : 'no proxy appended the caller after the marker: the last entry is what a caller sends',
    };
  }
  if (hops > MAX_HOPS) {
    return {
      ok: false,
      retry: false,
      message: `${hops} proxies appended to X-Forwarded-For, more than the ${MAX_HOPS} the database allows`,
    };
  }
  return {
    ok: true,
    hops,
    message: `Edge Functions see ${hops} appended ${hops === 1 ? 'entry' : 'entries'}: a caller is the entry ${hops} from the right`,
  };
}
