import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';

import type { ConsultationRefusal } from '@shared/consultation-wire';
import {
  TEST_ANON_KEY,
  TEST_SUPABASE_URL,
  type useSupabaseNetwork,
} from '../../support/supabase-network';

/** One call the consultation Edge Function received: its JSON body, `action` included. */
export type ApiCall = { action: string; body: Record<string, unknown> };

/**
 * What the function answers: the database function's result; a visitor's refusal (P0001 with
 * its hint, and for a taken time the nearest free times in `details`); `unavailable` (its 502
 * when the database failed); or no answer at all.
 */
export type ApiAnswer =
  | { data: JsonBodyType }
  | { refusal: ConsultationRefusal; details?: string }
  | 'unavailable'
  | 'network-failure';

export type ApiHandlers = Partial<
  Record<
    'claim' | 'slots' | 'book' | 'reschedule' | 'cancel' | 'confirm',
    (call: ApiCall) => ApiAnswer
  >
>;

/**
 * Answers POST /functions/v1/consultation as the function does (supabase/functions/consultation)
 * and returns the calls it received, in order. An action without a handler gets the function's
 * own 400, which no test expects.
 */
export function answerConsultationApi(
  network: ReturnType<typeof useSupabaseNetwork>,
  handlers: ApiHandlers,
): ApiCall[] {
  const calls: ApiCall[] = [];
  // The booking code calls the function with the build's public settings, not a client.
  vi.stubEnv('VITE_SUPABASE_URL', TEST_SUPABASE_URL);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', TEST_ANON_KEY);
  network.server.use(
    http.post(`${TEST_SUPABASE_URL}/functions/v1/consultation`, async ({ request }) => {
      if (request.headers.get('apikey') !== TEST_ANON_KEY) {
        return HttpResponse.json(
          { code: 401, message: 'Missing authorization header' },
          { status: 401 },
        );
      }
      const body = (await request.json()) as Record<string, unknown>;
      const call = { action: String(body.action), body };
      calls.push(call);
      const handler = handlers[call.action as keyof ApiHandlers];
      const answer: ApiAnswer | undefined = handler?.(call);
      if (!answer) {
        const message = `No test answer for the ${call.action} call`;
        return HttpResponse.json({ code: 'invalid_request', message }, { status: 400 });
      }
      if (answer === 'network-failure') return HttpResponse.error();
      if (answer === 'unavailable') {
        const message = 'Booking is not available just now. Please try again in a minute.';
        return HttpResponse.json({ code: 'unavailable', message }, { status: 502 });
      }
      if ('refusal' in answer) {
        return HttpResponse.json(
          {
            code: 'P0001',
            message: `refused: ${answer.refusal}`,
            details: answer.details ?? null,
            hint: answer.refusal,
          },
          { status: 400 },
        );
      }
      return HttpResponse.json(answer.data);
    }),
  );
  return calls;
}
