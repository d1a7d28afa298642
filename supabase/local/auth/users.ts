import type { Queryable } from '../db/database.ts';
import { factorJson, factorsOfUserJson } from './factors.ts';
import type { FactorRow } from './factors.ts';

/** Go's time.Time in RFC 3339 with microseconds, as GoTrue prints timestamps. */
const ts = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  banned_until: string | null;
  is_banned: boolean;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  is_anonymous: boolean;
  identities: IdentityRow[];
  factors: Omit<FactorRow, 'secret' | 'user_id'>[];
}

export interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

const userColumns = `u.id::text, u.aud, u.role, u.email, u.phone, u.encrypted_password,
  ${ts('u.email_confirmed_at')} as email_confirmed_at, ${ts('u.phone_confirmed_at')} as phone_confirmed_at,
  ${ts('u.confirmation_sent_at')} as confirmation_sent_at, ${ts('u.confirmed_at')} as confirmed_at,
  ${ts('u.last_sign_in_at')} as last_sign_in_at, ${ts('u.banned_until')} as banned_until,
  coalesce(u.banned_until > now(), false) as is_banned,
  u.raw_app_meta_data, u.raw_user_meta_data, ${ts('u.created_at')} as created_at,
  ${ts('u.updated_at')} as updated_at, u.is_anonymous,
  coalesce((select json_agg(json_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')}, 'created_at', ${ts('i.created_at')},
      'updated_at', ${ts('i.updated_at')}, 'email', i.email) order by i.created_at)
    from auth.identities i where i.user_id = u.id), '[]'::json) as identities,
  ${factorsOfUserJson} as factors`;

function normalise(row: UserRow | undefined): UserRow | null {
  if (!row) return null;
  // node-postgres returns json columns parsed, but may leave text for json_agg.
  const identities =
    typeof row.identities === 'string'
      ? (JSON.parse(row.identities) as IdentityRow[])
      : row.identities;
  const factors =
    typeof row.factors === 'string'
      ? (JSON.parse(row.factors) as UserRow['factors'])
      : (row.factors ?? []);
  return { ...row, identities, factors };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `select ${userColumns} from auth.users u where lower(u.email) = lower($1) and u.is_sso_user = false and u.deleted_at is null`,
    [email],
  );
  return normalise(result.rows[0]);
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const result = await db.query<UserRow>(
    `select ${userColumns} from auth.users u where u.id = $1`,
    [id],
  );
  return normalise(result.rows[0]);
}

export async function listUsers(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const result = await db.query<UserRow>(
    `select ${userColumns} from auth.users u order by u.created_at desc limit $1 offset $2`,
    [limit, offset],
  );
  const total = await db.query<{ total: string }>('select count(*)::text as total from auth.users');
  return {
    users: result.rows.map((row) => normalise(row) as UserRow),
    total: Number(total.rows[0]?.total ?? 0),
  };
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
  id?: string;
}

/** Inserts the user and its `email` identity, as GoTrue's signup and admin create do. */
export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const created = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous,
        confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), 'authenticated', $2, $3, $4,
        case when $5::boolean then now() end, $6::jsonb, $7::jsonb, false, now(), now(), false, '', '', '', '')
     returning id::text`,
    [
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash ?? '',
      user.confirmed,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  );
  const id = created.rows[0]?.id ?? '';
  const identityData = {
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
    ...pickIdentityExtras(user.userMetadata),
  };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::uuid, $3::jsonb, 'email', now(), now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return id;
}

function pickIdentityExtras(metadata: Record<string, unknown>): Record<string, unknown> {
  const extras = { ...metadata };
  for (const key of ['sub', 'email', 'email_verified', 'phone_verified']) delete extras[key];
  return extras;
}

/** The User object GoTrue sends (its `models/user.go`): omitempty fields left out when unset. */
export function userJson(
  user: UserRow,
  options: { omitConfirmedAt?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
  };
  if (user.email_confirmed_at) out.email_confirmed_at = user.email_confirmed_at;
  out.phone = user.phone ?? '';
  if (user.phone_confirmed_at) out.phone_confirmed_at = user.phone_confirmed_at;
  if (user.confirmation_sent_at) out.confirmation_sent_at = user.confirmation_sent_at;
  if (user.confirmed_at && !options.omitConfirmedAt) out.confirmed_at = user.confirmed_at;
  if (user.last_sign_in_at) out.last_sign_in_at = user.last_sign_in_at;
  if (user.banned_until) out.banned_until = user.banned_until;
  out.app_metadata = user.raw_app_meta_data ?? {};
  out.user_metadata = user.raw_user_meta_data ?? {};
  out.identities = user.identities.map((identity) => {
    const item: Record<string, unknown> = {
      identity_id: identity.identity_id,
      id: identity.id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
    };
    if (identity.last_sign_in_at) item.last_sign_in_at = identity.last_sign_in_at;
    item.created_at = identity.created_at;
    item.updated_at = identity.updated_at;
    if (identity.email) item.email = identity.email;
    return item;
  });
  out.created_at = user.created_at;
  out.updated_at = user.updated_at;
  out.is_anonymous = user.is_anonymous;
  if (user.factors.length > 0) out.factors = user.factors.map(factorJson);
  return out;
}
