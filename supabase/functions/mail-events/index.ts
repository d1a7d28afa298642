// Supabase Edge Function entry: Deno.serve around the web-standard handler.
import { handle, readMailEventsEnv } from './handler.ts';

const env = readMailEventsEnv((name) => Deno.env.get(name));

Deno.serve((request) => handle(request, env));
