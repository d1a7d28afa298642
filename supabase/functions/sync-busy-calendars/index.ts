// Supabase Edge Function entry: Deno.serve around the web-standard handler, whose calendar reads
// reach only hosts that resolve to public addresses.
import { denoResolver } from './deno-resolve.ts';
import { handle, readSyncEnv } from './handler.ts';
import { checkedThenFetch } from './public-fetch.ts';

const env = readSyncEnv((name) => Deno.env.get(name));
const calendarFetcher = checkedThenFetch(denoResolver(Deno.resolveDns));

Deno.serve((request) => handle(request, env, fetch, { calendarFetcher }));
