import { asPostgresError } from '../db/database.ts';
import { json } from '../http.ts';
import type { LocalResponse } from '../http.ts';

/** An error PostgREST would answer with `{code, details, hint, message}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function queryParamError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/** A feature outside the local backend's PostgREST subset: refused, never half-answered. */
export function unsupported(feature: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `${feature} is not supported by the local backend`,
    'The embedded backend implements only the PostgREST subset this app uses (docs/backend.md).',
    'Use `supabase start` (Docker) for the full PostgREST.',
  );
}

export function restErrorResponse(error: RestError): LocalResponse {
  return json(
    error.status,
    { code: error.code, details: error.details, hint: error.hint, message: error.message },
    { 'Proxy-Status': `PostgREST; error=${error.code}`, ...error.headers },
  );
}

/** PostgREST's mapSQLtoHTTP (Error.hs), with 42501 → 401 for the anon role, else 403. */
export function statusForSqlState(code: string, message: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '22023')
    return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17' || code === '53400' || code === '57P01') return code === '57P01' ? 503 : 500;
  if (code === 'P0001') return 400;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (
    [
      '09',
      '25',
      '2D',
      '38',
      '39',
      '3B',
      '40',
      '54',
      '55',
      '57',
      '58',
      'F0',
      'HV',
      'P0',
      'XX',
    ].includes(prefix)
  ) {
    return 500;
  }
  return 400;
}

/** Turns anything thrown while serving a request into a PostgREST error. */
export function toRestError(error: unknown, isAnon: boolean): RestError {
  if (error instanceof RestError) return error;
  const pg = asPostgresError(error);
  if (pg) {
    const status = statusForSqlState(pg.code, pg.message, isAnon);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, pg.code, pg.message, pg.detail, pg.hint, headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RestError(500, 'PGRSTX00', message);
}
