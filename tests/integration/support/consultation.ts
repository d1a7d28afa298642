import type { LocalSupabase } from '../../../supabase/local/server.ts';

/** The consultation function's answer: its JSON as data when it succeeded, else as error. */
export type ConsultationAnswer = {
  status: number;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each action's JSON
  error: { code: string; message: string; details: string; hint: string } | null;
};

/**
 * A call of the consultation Edge Function with the anon key, as the booking page makes it;
 * `forwardedFor` is sent as X-Forwarded-For. `send` is the fetch to use (a test that replaces
 * the global fetch passes the real one).
 */
export async function callConsultation(
  backend: Pick<LocalSupabase, 'url' | 'anonKey'>,
  body: Record<string, unknown>,
  { forwardedFor, send = fetch }: { forwardedFor?: string; send?: typeof fetch } = {},
): Promise<ConsultationAnswer> {
  const response = await send(`${backend.url}/functions/v1/consultation`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${backend.anonKey}`,
      'Content-Type': 'application/json',
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  return response.ok
    ? { status: response.status, data: json, error: null }
    : { status: response.status, data: null, error: json as ConsultationAnswer['error'] };
}
