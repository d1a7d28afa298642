/**
 * The busy-calendar reader's connection in the embedded backend: https through node:https, whose
 * socket gets its addresses from a lookup that resolves the name, refuses it unless every address
 * is public, and hands the socket exactly the addresses it checked. Checking and connecting thus
 * use one answer, so a name cannot resolve to a public address for the check and to an inside
 * one for the connection. An address in the URL itself is never looked up, so it is checked here.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

import {
  AddressNotAllowedError,
  isPublicAddress,
} from '../../functions/sync-busy-calendars/public-address.ts';
import {
  hostOf,
  isRefusedHost,
  type CalendarFetch,
  type ResolveHost,
} from '../../functions/sync-busy-calendars/public-fetch.ts';

export const systemResolve: ResolveHost = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((found) => found.address);

export interface PublicCalendarFetchOptions {
  /** Default: the system's resolver (what any other connection of this process would use). */
  resolve?: ResolveHost;
  /** Which addresses may be connected to; default public ones only (tests allow a loopback one). */
  allow?: (address: string) => boolean;
  /** The certificates to trust instead of the system's: a test's own https server. */
  ca?: string;
}

/** The addresses to hand the socket: all of them allowed, else a rejection. */
async function allowedAddresses(
  addresses: string[],
  allow: (address: string) => boolean,
  family: number | 'IPv4' | 'IPv6' | undefined,
): Promise<LookupAddress[]> {
  const wanted = family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family;
  if (addresses.length === 0) throw new TypeError('the host has no address');
  if (!addresses.every(allow)) throw new AddressNotAllowedError();
  const found = addresses
    .map((address) => ({ address, family: isIP(address) }))
    .filter((entry) => !wanted || entry.family === wanted);
  if (found.length === 0) throw new TypeError('the host has no address of that family');
  return found;
}

/** A socket lookup that hands over only addresses `allow` accepts, and none if any is refused. */
export function checkingLookup(
  resolve: ResolveHost,
  allow: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => allowedAddresses(addresses, allow, options.family))
      .then(
        (found) => {
          if (options.all) callback(null, found);
          else callback(null, found[0]!.address, found[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
  };
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function toResponse(answer: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  const status = answer.statusCode ?? 502;
  if (NULL_BODY_STATUSES.has(status)) {
    answer.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(answer) as ReadableStream<Uint8Array>, { status, headers });
}

/** A GET over https to public addresses only; redirects are answered, never followed. */
export function publicCalendarFetch({
  resolve = systemResolve,
  allow = isPublicAddress,
  ca,
}: PublicCalendarFetchOptions = {}): CalendarFetch {
  const lookup = checkingLookup(resolve, allow);
  return (url, init) =>
    new Promise((done, fail) => {
      const host = hostOf(url);
      if (url.protocol !== 'https:' || (isIP(host) ? !allow(host) : isRefusedHost(host))) {
        fail(new AddressNotAllowedError());
        return;
      }
      const asked = request(url, {
        method: 'GET',
        headers: init.headers,
        signal: init.signal,
        lookup,
        ...(ca ? { ca } : {}),
        // A fresh connection each time: no socket is shared with an answer checked for another.
        agent: false,
      });
      asked.on('response', (answer) => done(toResponse(answer)));
      asked.on('error', fail);
      asked.end();
    });
}
