// Supabase Edge Function entry: Deno.serve around the web-standard handler.
import { handle, readSenderEnv } from './handler.ts';

const env = readSenderEnv((name) => Deno.env.get(name));

Deno.serve((request) => handle(request, env));
