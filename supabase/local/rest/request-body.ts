import { header } from '../http.ts';
import type { LocalRequest } from '../http.ts';
import { RestError } from './rest-error.ts';

export type JsonObject = Record<string, unknown>;

const jsonTypes = new Set([
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
]);

/** PostgREST's payload step: JSON only here; other media types → 400 PGRST102 as PostgREST says. */
export function parseJsonBody(request: LocalRequest, allowEmpty = false): unknown {
  const contentType =
    (header(request, 'content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase() ??
    '';
  if (!jsonTypes.has(contentType)) {
    throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${contentType}`);
  }
  const text = request.body.toString('utf8');
  if (text.trim() === '' && allowEmpty) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object or an array of objects, as inserts take. */
export function asRows(value: unknown): JsonObject[] {
  if (isJsonObject(value)) return [value];
  if (Array.isArray(value) && value.every(isJsonObject)) return value;
  throw new RestError(400, 'PGRST102', 'Empty or invalid json');
}
