// Supabase Edge Function entry: Deno.serve around the web-standard handler.
import { handle, readConsultationEnv } from './handler.ts';

const env = readConsultationEnv((name) => Deno.env.get(name));

Deno.serve((request) => handle(request, env));
