/**
 * The calendar reader's connection: only to hosts whose every address is public
 * (public-address.ts). The resolver and the fetch are given, so each runtime brings its own and
 * tests bring stand-ins.
 */
import {
  AddressNotAllowedError,
  isIpAddress,
  isPublicAddress,
  isRefusedHostName,
} from './public-address.ts';

/** Every address a host name resolves to (IPv4 and IPv6); rejects when it cannot be resolved. */
export type ResolveHost = (host: string) => Promise<string[]>;

export interface CalendarRequestInit {
  headers: Record<string, string>;
  redirect: 'manual';
  signal: AbortSignal;
}

/** One request of the calendar reader; redirects are answered, never followed. */
export type CalendarFetch = (url: URL, init: CalendarRequestInit) => Promise<Response>;

/** A URL's host as an address or a name: "[::1]" is the address "::1". */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Whether a host is refused as written: an address not public, or a local or metadata name. */
export const isRefusedHost = (host: string) =>
  isIpAddress(host) ? !isPublicAddress(host) : isRefusedHostName(host);

/**
 * The addresses to connect to for `host`, every one of them public; a host with any other
 * address is refused whole, since which answer a connection would use is not known here.
 */
export async function publicAddressesOf(host: string, resolve: ResolveHost): Promise<string[]> {
  if (isRefusedHost(host)) throw new AddressNotAllowedError();
  if (isIpAddress(host)) return [host];
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new TypeError('the host has no address');
  if (!addresses.every(isPublicAddress)) throw new AddressNotAllowedError();
  return addresses;
}

/**
 * Resolves and checks the host, then fetches. The fetch resolves the name again itself, so a
 * name whose answer changes between the two lookups could still reach an address not checked
 * here: use this only where the connection cannot be given the checked address (Supabase's
 * Deno runtime); the embedded backend connects to the checked address itself.
 */
export const checkedThenFetch =
  (resolve: ResolveHost, fetcher: CalendarFetch = fetch): CalendarFetch =>
  async (url, init) => {
    await publicAddressesOf(hostOf(url), resolve);
    return fetcher(url, init);
  };

/** What reads no calendar: the reader's default until a runtime gives a checked connection. */
export const refuseEveryAddress: CalendarFetch = () => Promise.reject(new AddressNotAllowedError());
