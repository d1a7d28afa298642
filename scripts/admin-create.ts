// Creates (or finds) a confirmed user and gives it the admin role.
//
//   npm run admin:create -- --email you@example.com --password '<password>' [--name 'Your Name'] [--totp]
//   npm run admin:create -- --email you@example.com --reset-mfa
//
// --totp signs in as the user, enrols a TOTP factor and verifies it, then prints its secret and
// otpauth:// URI (to add to an authenticator app, or for scripts and tests to compute codes).
// --reset-mfa removes every MFA factor of an existing user (a staff member who lost their
// authenticator) through the admin API; with --totp as well, a new factor is enrolled after.
//
// Needs the project URL (SUPABASE_URL or VITE_SUPABASE_URL) and SUPABASE_SERVICE_ROLE_KEY, from
// the environment or from .env / .env.local in the project root; when neither URL is set, it
// says so in one line and uses the local backend's URL and key (env/local-backend.ts). It talks to Supabase only
// through supabase-js with the service-role key, so the same command works against the embedded
// backend (npm run backend), `supabase start` and a hosted project.
//
// Exit status: 0 when the user exists and is an admin afterwards (or, for --reset-mfa alone, has
// no factor left), 1 otherwise (with a message).

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import type { Database } from '../src/lib/database.types.ts';
import { isEmailAddress } from '../src/lib/email-pattern.ts';
import { readSupabaseConfig } from '../supabase/local/supabase-config.ts';
import { type Env, loadEnv, PROJECT_ROOT } from './env/load-env.ts';
import { withLocalBackendDefaults } from './env/local-backend.ts';
import { readNodeEnv } from './env/node-env.ts';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --password <password> [--name <full name>] [--totp] [--reset-mfa]\n' +
  '       npm run admin:create -- --email <email> --reset-mfa';
const TOTP_FRIENDLY_NAME = 'Authenticator app';
const TOTP_ISSUER = 'Kestrel Data';
/** `[auth] minimum_password_length` of supabase/config.toml, which Auth enforces on sign-up. */
const MIN_PASSWORD_LENGTH = readSupabaseConfig(join(PROJECT_ROOT, 'supabase', 'config.toml'))
  .authPolicy.minimumPasswordLength;
const MAX_PASSWORD_LENGTH = 72; // GoTrue (bcrypt) refuses longer passwords
const LIST_USERS_PAGE_SIZE = 1000;

class UsageError extends Error {}

interface AdminRequest {
  email: string;
  /** Empty only for --reset-mfa alone, which touches an existing user and nothing else. */
  password: string;
  fullName: string | undefined;
  totp: boolean;
  resetMfa: boolean;
}

interface Connection {
  url: string;
  serviceRoleKey: string;
}

function parseRequest(argv: string[]): AdminRequest {
  let values: {
    email?: string;
    password?: string;
    name?: string;
    totp?: boolean;
    'reset-mfa'?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        totp: { type: 'boolean' },
        'reset-mfa': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }

  const email = values.email?.trim().toLowerCase() ?? '';
  const password = values.password ?? '';
  const fullName = values.name?.trim() || undefined;
  const totp = values.totp === true;
  const resetMfa = values['reset-mfa'] === true;
  if (!email) throw new UsageError(`Missing --email.\n${USAGE}`);
  if (!isEmailAddress(email) || email.length > 255) {
    throw new UsageError(`--email "${email}" is not a valid e-mail address.`);
  }
  if (resetMfa && !totp && !password) {
    if (fullName !== undefined) throw new UsageError('--name needs --password.');
    return { email, password: '', fullName, totp, resetMfa };
  }
  if (!password) throw new UsageError(`Missing --password.\n${USAGE}`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(
      `--password must be at least ${MIN_PASSWORD_LENGTH} characters (it has ${password.length}): a staff password guards every enquiry. Several unrelated words make a long one easy to remember.`,
    );
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new UsageError(`--password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  if (fullName !== undefined && fullName.length > 100) {
    throw new UsageError('--name must be at most 100 characters.');
  }
  if (fullName !== undefined && /\p{Cc}/u.test(fullName)) {
    throw new UsageError('--name cannot contain line breaks, tabs or other control characters.');
  }
  return { email, password, fullName, totp, resetMfa };
}

/** The environment, with the local backend's values (said in one line) when it names no project. */
function localDefaultsWhenUnset(env: Env): Env {
  try {
    const { env: filled, notice } = withLocalBackendDefaults(env);
    if (notice) console.log(notice);
    return filled;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function readConnection(env: Record<string, string | undefined>): Connection {
  let checked;
  try {
    checked = readNodeEnv(env, ['SUPABASE_URL', 'VITE_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const url = checked.SUPABASE_URL ?? checked.VITE_SUPABASE_URL;
  if (!url) {
    throw new UsageError(
      'Missing the project URL: set SUPABASE_URL or VITE_SUPABASE_URL (in the environment or .env).',
    );
  }

  const serviceRoleKey = checked.SUPABASE_SERVICE_ROLE_KEY;
  if (!serviceRoleKey) {
    throw new UsageError(
      'Missing SUPABASE_SERVICE_ROLE_KEY (in the environment or .env). Use the service-role ' +
        '(secret) key: `supabase status`, the embedded backend start-up output, or the dashboard.',
    );
  }
  return { url, serviceRoleKey };
}

/**
 * Fails early, with one clear line, when nothing answers at the URL (supabase-js would otherwise
 * print a stack trace for the network error). Any HTTP answer counts as reachable.
 */
async function assertReachable(connection: Connection): Promise<void> {
  const healthUrl = new URL(
    'auth/v1/health',
    connection.url.endsWith('/') ? connection.url : `${connection.url}/`,
  );
  try {
    await fetch(healthUrl, {
      headers: { apikey: connection.serviceRoleKey },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new UsageError(
      `Could not reach the Supabase API at ${connection.url} (${cause}). Is the backend running?`,
    );
  }
}

async function findUserByEmail(
  client: SupabaseClient<Database>,
  email: string,
): Promise<User | undefined> {
  for (let page = 1; ; page += 1) {
    const { data, error } = await client.auth.admin.listUsers({
      page,
      perPage: LIST_USERS_PAGE_SIZE,
    });
    if (error) throw new Error(`Could not list users to find ${email}: ${error.message}`);
    const found = data.users.find((user) => user.email?.toLowerCase() === email);
    if (found) return found;
    if (data.users.length < LIST_USERS_PAGE_SIZE) return undefined;
  }
}

async function createOrFindUser(
  client: SupabaseClient<Database>,
  request: AdminRequest,
  log: (line: string) => void,
): Promise<User> {
  const { data, error } = await client.auth.admin.createUser({
    email: request.email,
    password: request.password,
    email_confirm: true,
    user_metadata: request.fullName ? { full_name: request.fullName } : {},
  });
  if (!error) {
    log(`Created user ${request.email} (id ${data.user.id}), e-mail confirmed.`);
    return data.user;
  }
  if (error.status === 401 || error.status === 403) {
    throw new Error(
      `The API refused the service-role key (${error.message}). Check that ` +
        'SUPABASE_SERVICE_ROLE_KEY belongs to the project at this URL.',
    );
  }
  if (error.code !== 'email_exists' && error.code !== 'user_already_exists') {
    throw new Error(`Could not create user ${request.email}: ${error.message}`);
  }

  const existing = await findUserByEmail(client, request.email);
  if (!existing) {
    throw new Error(`${request.email} is registered, but no user with that e-mail was listed.`);
  }
  log(
    `User ${request.email} already exists (id ${existing.id}); its password and profile are unchanged.`,
  );
  if (!existing.email_confirmed_at) {
    log(
      `Note: ${request.email} has not confirmed its e-mail address yet, so it cannot sign in until ` +
        'it follows the confirmation link.',
    );
  }
  return existing;
}

async function grantAdminRole(
  client: SupabaseClient<Database>,
  user: User,
  log: (line: string) => void,
): Promise<void> {
  // A plain insert, not an upsert: the unique (user_id, role) constraint makes a repeat run
  // fail with 23505, which here means the work is already done.
  const { error } = await client.from('user_roles').insert({ user_id: user.id, role: 'admin' });
  if (!error) {
    log(`Granted the admin role to ${user.email ?? user.id}.`);
    return;
  }
  if (error.code === '23505') {
    log(`${user.email ?? user.id} already has the admin role; nothing to change.`);
    return;
  }
  throw new Error(`Could not grant the admin role: ${error.message} (${error.code})`);
}

/** Stores --name as the staff member's display name (public.staff_profiles), replacing any earlier one. */
async function saveStaffName(
  client: SupabaseClient<Database>,
  user: User,
  name: string,
  log: (line: string) => void,
): Promise<void> {
  // update, then insert when there was no row (the embedded backend has no upsert).
  const updated = await client
    .from('staff_profiles')
    .update({ display_name: name })
    .eq('user_id', user.id)
    .select('user_id');
  const { error } =
    updated.error || (updated.data?.length ?? 0) > 0
      ? updated
      : await client.from('staff_profiles').insert({ user_id: user.id, display_name: name });
  if (error) throw new Error(`Could not save the staff name: ${error.message} (${error.code})`);
  log(`Set the staff name of ${user.email ?? user.id} to "${name}".`);
}

/** Removes every MFA factor of the user (GoTrue's admin factor endpoint also drops its sessions to aal1). */
async function resetFactors(
  client: SupabaseClient<Database>,
  user: User,
  log: (line: string) => void,
): Promise<void> {
  const listed = await client.auth.admin.mfa.listFactors({ userId: user.id });
  if (listed.error) throw new Error(`Could not list the MFA factors: ${listed.error.message}`);
  for (const factor of listed.data.factors) {
    const { error } = await client.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id });
    if (error) throw new Error(`Could not remove MFA factor ${factor.id}: ${error.message}`);
  }
  const count = listed.data.factors.length;
  log(
    count === 0
      ? `${user.email ?? user.id} had no MFA factor; nothing to reset.`
      : `Removed ${count} MFA factor${count === 1 ? '' : 's'} of ${user.email ?? user.id}; it enrols a new one at its next sign-in.`,
  );
}

/**
 * Signs in as the user (the API has no admin route to enrol a factor for someone), enrols a TOTP
 * factor and verifies it with a code computed from its secret.
 */
async function enrolTotp(
  connection: Connection,
  request: AdminRequest,
  log: (line: string) => void,
): Promise<void> {
  const client = createClient<Database>(connection.url, connection.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const signIn = await client.auth.signInWithPassword({
    email: request.email,
    password: request.password,
  });
  if (signIn.error) {
    throw new Error(
      `Could not sign in as ${request.email} to enrol a TOTP factor: ${signIn.error.message}`,
    );
  }
  try {
    const listed = await client.auth.mfa.listFactors();
    if (listed.error) throw new Error(`Could not list the MFA factors: ${listed.error.message}`);
    if (listed.data.totp.length > 0) {
      throw new Error(
        `${request.email} already has a verified TOTP factor; add --reset-mfa to replace it.`,
      );
    }
    for (const stale of listed.data.all) {
      if (stale.friendly_name === TOTP_FRIENDLY_NAME)
        await client.auth.mfa.unenroll({ factorId: stale.id });
    }
    const enrolled = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: TOTP_FRIENDLY_NAME,
      issuer: TOTP_ISSUER,
    });
    if (enrolled.error) throw new Error(`Could not enrol a TOTP factor: ${enrolled.error.message}`);
    const { id, totp } = enrolled.data;
    const code = new TOTP({ secret: Secret.fromBase32(totp.secret), digits: 6, period: 30 });
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: id,
      code: code.generate(),
    });
    if (verified.error) {
      throw new Error(`Could not verify the new TOTP factor: ${verified.error.message}`);
    }
    log(`Enrolled and verified a TOTP factor for ${request.email} (factor id ${id}).`);
    log(`TOTP secret: ${totp.secret}`);
    log(`TOTP URI: ${totp.uri}`);
  } finally {
    await client.auth.signOut({ scope: 'local' });
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const request = parseRequest(argv);
    const connection = readConnection(localDefaultsWhenUnset(loadEnv()));
    await assertReachable(connection);
    const client = createClient<Database>(connection.url, connection.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; supabase-js's realtime client needs one to construct.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const log = (line: string) => console.log(line);
    if (!request.password) {
      const existing = await findUserByEmail(client, request.email);
      if (!existing) throw new Error(`No user with the e-mail ${request.email}.`);
      await resetFactors(client, existing, log);
      return 0;
    }
    const user = await createOrFindUser(client, request, log);
    await grantAdminRole(client, user, log);
    if (request.fullName) await saveStaffName(client, user, request.fullName, log);
    if (request.resetMfa) await resetFactors(client, user, log);
    if (request.totp) await enrolTotp(connection, request, log);
    log(`Done: ${request.email} is an admin; after signing in at /auth it can open /admin.`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`admin:create: ${message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
