// Supabase Edge Function entry: Deno.serve around the web-standard handler.
import { handle, readFeedEnv } from './handler.ts';

const env = readFeedEnv((name) => Deno.env.get(name));

Deno.serve((request) => handle(request, env));
