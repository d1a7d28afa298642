/** Resolves a host name with Deno.resolveDns: its A and AAAA records together. */
import type { ResolveHost } from './public-fetch.ts';

type ResolveDns = (name: string, type: 'A' | 'AAAA') => Promise<string[]>;

/**
 * Both record types, or a rejection: a name with no record of one type has none of it, but any
 * other failure rejects, since the fetch could then connect to an address never checked.
 */
export const denoResolver =
  (resolveDns: ResolveDns): ResolveHost =>
  async (host) => {
    const lookup = (type: 'A' | 'AAAA') =>
      resolveDns(host, type).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotFound') return [];
        throw error;
      });
    const [v4, v6] = await Promise.all([lookup('A'), lookup('AAAA')]);
    return [...v4, ...v6];
  };
