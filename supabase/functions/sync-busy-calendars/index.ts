// Supabase Edge Function entry: Deno.serve around the web-standard handler.
import { handle, readSyncEnv } from './handler.ts';

const env = readSyncEnv((name) => Deno.env.get(name));

Deno.serve((request) => handle(request, env));
