import type { Queryable } from '../db/database.ts';

/** Go's time.Time in RFC 3339 with microseconds, as GoTrue prints timestamps. */
const ts = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

export const factorColumns = `f.id::text, f.user_id::text, f.friendly_name, f.factor_type::text,
  f.status::text, f.secret, f.phone, ${ts('f.created_at')} as created_at,
  ${ts('f.updated_at')} as updated_at, ${ts('f.last_challenged_at')} as last_challenged_at`;

/** A factor as GoTrue serialises models.Factor: the secret never leaves the server. */
export function factorJson(factor: Omit<FactorRow, 'secret' | 'user_id'>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: factor.id,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
    status: factor.status,
  };
  if (factor.friendly_name) out.friendly_name = factor.friendly_name;
  out.factor_type = factor.factor_type;
  out.phone = factor.phone ?? '';
  out.last_challenged_at = factor.last_challenged_at;
  return out;
}

/** The JSON array that `users.ts` embeds as the user's `factors`, oldest first. */
export const factorsOfUserJson = `coalesce((select json_agg(json_build_object(
    'id', f.id, 'created_at', ${ts('f.created_at')}, 'updated_at', ${ts('f.updated_at')},
    'status', f.status, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
    'phone', f.phone, 'last_challenged_at', ${ts('f.last_challenged_at')}) order by f.created_at)
  from auth.mfa_factors f where f.user_id = u.id), '[]'::json)`;

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const result = await db.query<FactorRow>(
    `select ${factorColumns} from auth.mfa_factors f where f.user_id = $1 order by f.created_at`,
    [userId],
  );
  return result.rows;
}

export async function findOwnedFactor(
  db: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow | null> {
  const result = await db.query<FactorRow>(
    `select ${factorColumns} from auth.mfa_factors f where f.id = $1 and f.user_id = $2`,
    [factorId, userId],
  );
  return result.rows[0] ?? null;
}

/**
 * Deletes the factor and, like GoTrue's DowngradeSessionsToAAL1, takes its method out of the
 * sessions it raised and puts them back at aal1.
 */
export async function deleteFactor(db: Queryable, factor: FactorRow): Promise<void> {
  await db.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
      where c.session_id = s.id and s.factor_id = $1 and c.authentication_method = $2`,
    [factor.id, factor.factor_type],
  );
  await db.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
      where user_id = $1 and factor_id = $2`,
    [factor.user_id, factor.id],
  );
  await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
