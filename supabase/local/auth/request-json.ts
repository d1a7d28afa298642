import type { LocalRequest } from '../http.ts';
import { errors } from './auth-error.ts';

/** GoTrue reads JSON bodies leniently: unknown fields ignored, invalid JSON → 400 bad_json. */
export function readJsonBody(request: LocalRequest): Record<string, unknown> {
  const text = request.body.toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw errors.badJson(error instanceof Error ? error.message : 'invalid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw errors.badJson('json: cannot unmarshal into Go value of type struct');
  }
  return parsed as Record<string, unknown>;
}
