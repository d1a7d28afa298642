// `npm run admin:create` (scripts/admin-create.ts) run as a child process against the embedded
// backend, exactly as a developer would run it: it must leave a confirmed user holding the admin
// role, be safe to repeat, and refuse bad input with exit status 1 and a clear message.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { enrollVerifiedTotp, signInWithTotp } from './support/mfa.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

let backend: TestBackend;

/**
 * How the script is started. `npm` is the documented command (`npm run admin:create -- ...`);
 * `node` runs the same file through the same tsx loader without npm's start-up cost, for the
 * many other cases.
 */
type Launcher = 'npm' | 'node';

function commandLine(launcher: Launcher, args: string[]): [string, string[]] {
  return launcher === 'npm'
    ? ['npm', ['run', '--silent', 'admin:create', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args]];
}

/** Runs the script with the backend's URL and service-role key unless `env` overrides them. */
function runAdminCreate(
  args: string[],
  env: Record<string, string> = {},
  launcher: Launcher = 'node',
): Promise<RunResult> {
  const [command, commandArgs] = commandLine(launcher, args);
  return new Promise((resolve) => {
    execFile(
      command,
      commandArgs,
      {
        cwd: PROJECT_ROOT,
        timeout: 60_000,
        env: {
          ...process.env,
          // the environment wins over .env files, so a developer's .env cannot leak in
          SUPABASE_URL: backend.url,
          VITE_SUPABASE_URL: '',
          SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
          ...env,
        },
      },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

async function userRecord(email: string) {
  const rows = await backend.sql<{ id: string; confirmed: boolean; full_name: string | null }>(
    `select id::text as id, email_confirmed_at is not null as confirmed,
            raw_user_meta_data ->> 'full_name' as full_name
       from auth.users where email = $1`,
    [email],
  );
  return rows;
}

async function rolesOf(userId: string): Promise<string[]> {
  const rows = await backend.sql<{ role: string }>(
    'select role::text as role from public.user_roles where user_id = $1 order by role',
    [userId],
  );
  return rows.map((row) => row.role);
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

// Each run starts a fresh Node process (a few seconds on a busy machine).
const SLOW = { timeout: 60_000 };

describe('admin:create provisions an admin', SLOW, () => {
  const email = 'first-admin@example.com';
  const password = 'first-admin-password';

  it('creates a confirmed user with the admin role (run as `npm run admin:create`)', async () => {
    const result = await runAdminCreate(
      ['--email', email, '--password', password, '--name', 'First Admin'],
      {},
      'npm',
    );

    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Created user ${email}`);
    expect(result.stdout).toContain(`Granted the admin role to ${email}`);
    const users = await userRecord(email);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ confirmed: true, full_name: 'First Admin' });
    expect(await rolesOf(users[0]?.id ?? '')).toEqual(['admin']);
  });

  it('the new admin can sign in and is recognised as admin by RLS once a second factor is verified', async () => {
    const client = await signedInClient(backend, email, password);
    const role = await client.from('user_roles').select('role').maybeSingle();
    expect(role.error).toBeNull();
    expect(role.data).toEqual({ role: 'admin' });

    await backend.sql(
      `insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
       values ('Visible Visitor', 'visible@example.com', 'Seen Ltd', 'other', 'exploring', 'Admins can read this.')`,
    );
    // Made without --totp: the password alone reads nothing until the admin enrols a factor,
    // as the site makes them do at their first sign-in.
    const passwordOnly = await client.from('contact_submissions').select('Email');
    expect(passwordOnly.error).toBeNull();
    expect(passwordOnly.data).toEqual([]);

    await enrollVerifiedTotp(client);
    const enquiries = await client.from('contact_submissions').select('Email');
    expect(enquiries.error).toBeNull();
    expect(enquiries.data).toEqual([{ Email: 'visible@example.com' }]);
  });

  it('is idempotent: a second run changes nothing and still exits 0', async () => {
    const result = await runAdminCreate(['--email', email, '--password', 'a-different-password']);

    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`User ${email} already exists`);
    expect(result.stdout).toContain('already has the admin role');
    const users = await userRecord(email);
    expect(users).toHaveLength(1);
    expect(await rolesOf(users[0]?.id ?? '')).toEqual(['admin']);
    // the password was not silently changed
    await expect(signedInClient(backend, email, password)).resolves.toBeDefined();
  });

  it('promotes an existing user, keeping their other roles, and matches the e-mail case-insensitively', async () => {
    const existing = await createUser(backend, {
      email: 'existing@example.com',
      password: 'existing-password',
    });
    await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'user')`, [
      existing.id,
    ]);

    const result = await runAdminCreate([
      '--email',
      'Existing@Example.com',
      '--password',
      'whatever-password',
    ]);

    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('already exists');
    expect(result.stdout).toContain('Granted the admin role');
    expect(await rolesOf(existing.id)).toEqual(['admin', 'user']);
  });
});

// The refusals are independent of each other, so their processes run side by side.
describe.concurrent(
  'admin:create refuses bad input with exit status 1 and a clear message',
  SLOW,
  () => {
    it.each([
      { case: 'no arguments', args: [], message: 'Missing --email' },
      { case: 'no password', args: ['--email', 'a@example.com'], message: 'Missing --password' },
      {
        case: 'a malformed e-mail',
        args: ['--email', 'not-an-email', '--password', 'long-enough-pw'],
        message: 'is not a valid e-mail address',
      },
      {
        case: 'a short password',
        args: ['--email', 'a@example.com', '--password', 'eleven-char'],
        message: '--password must be at least 12 characters (it has 11)',
      },
      {
        case: 'an unknown option',
        args: ['--email', 'a@example.com', '--password', 'long-enough-pw', '--role', 'admin'],
        message: "Unknown option '--role'",
      },
    ])('$case', async ({ args, message }) => {
      const result = await runAdminCreate(args);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    });

    it('a missing service-role key', async () => {
      const result = await runAdminCreate(
        ['--email', 'nokey@example.com', '--password', 'long-enough-pw'],
        {
          SUPABASE_SERVICE_ROLE_KEY: '',
        },
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('Missing SUPABASE_SERVICE_ROLE_KEY');
      expect(await userRecord('nokey@example.com')).toEqual([]);
    });

    it('the anon key given as the service-role key', async () => {
      const result = await runAdminCreate(
        ['--email', 'anonkey@example.com', '--password', 'long-enough-pw'],
        {
          SUPABASE_SERVICE_ROLE_KEY: backend.anonKey,
        },
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('SUPABASE_SERVICE_ROLE_KEY holds a key for the "anon" role');
      expect(await userRecord('anonkey@example.com')).toEqual([]);
    });

    it('no project URL: the local backend on its port, said in one line', async () => {
      const port = new URL(backend.url).port;
      const result = await runAdminCreate(
        ['--email', 'nourl@example.com', '--password', 'long-enough-pw'],
        { SUPABASE_URL: '', VITE_SUPABASE_URL: '', LOCAL_SUPABASE_PORT: port },
      );
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(
        `No .env or VITE_SUPABASE_URL found: using the local backend's defaults (http://127.0.0.1:${port}).`,
      );
      expect(await userRecord('nourl@example.com')).toHaveLength(1);
    });

    it('a service-role key from another project (signed with another secret)', async () => {
      const [header = '', payload = ''] = backend.serviceRoleKey.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      const result = await runAdminCreate(
        ['--email', 'forged@example.com', '--password', 'long-enough-pw'],
        {
          SUPABASE_SERVICE_ROLE_KEY: forged,
        },
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('The API refused the service-role key');
      expect(await userRecord('forged@example.com')).toEqual([]);
    });

    it('a URL where nothing answers', async () => {
      const result = await runAdminCreate(
        ['--email', 'nobody@example.com', '--password', 'long-enough-pw'],
        {
          SUPABASE_URL: 'http://127.0.0.1:9',
        },
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('Could not reach the Supabase API at http://127.0.0.1:9');
    });
  },
);

describe('admin:create --totp and --reset-mfa', SLOW, () => {
  const email = 'totp-admin@example.com';
  const password = 'totp-admin-password';

  function printed(stdout: string, label: string): string {
    return new RegExp(`^${label}: (\\S+)$`, 'm').exec(stdout)?.[1] ?? '';
  }

  async function factorsOf(address: string) {
    return backend.sql<{ status: string; friendly_name: string }>(
      `select f.status::text as status, f.friendly_name from auth.mfa_factors f
         join auth.users u on u.id = f.user_id where u.email = $1`,
      [address],
    );
  }

  it('creates an admin with a verified TOTP factor and prints its secret and URI', async () => {
    const result = await runAdminCreate(['--email', email, '--password', password, '--totp']);
    expect(result.exitCode, result.stderr).toBe(0);
    const secret = printed(result.stdout, 'TOTP secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(printed(result.stdout, 'TOTP URI')).toBe(
      `otpauth://totp/Kestrel%20Data:${email}?algorithm=SHA1&digits=6&issuer=Kestrel+Data&period=30&secret=${secret}`,
    );
    expect(await factorsOf(email)).toEqual([
      { status: 'verified', friendly_name: 'Authenticator app' },
    ]);
    // The printed secret is enough to reach aal2 as that admin.
    const client = await signInWithTotp(backend, email, password, secret);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
  });

  it('refuses a second --totp for a user who already has a verified factor', async () => {
    const result = await runAdminCreate(['--email', email, '--password', password, '--totp']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('already has a verified TOTP factor; add --reset-mfa');
    expect(await factorsOf(email)).toHaveLength(1);
  });

  it('--reset-mfa alone removes the factors of an existing user, without a password', async () => {
    const result = await runAdminCreate(['--email', email, '--reset-mfa']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Removed 1 MFA factor of ${email}`);
    expect(await factorsOf(email)).toEqual([]);
    const again = await runAdminCreate(['--email', email, '--reset-mfa']);
    expect(again.stdout).toContain('had no MFA factor; nothing to reset');
  });

  it('--reset-mfa --totp replaces the factor; --reset-mfa for an unknown address fails', async () => {
    await runAdminCreate(['--email', email, '--password', password, '--totp']);
    const result = await runAdminCreate([
      '--email',
      email,
      '--password',
      password,
      '--reset-mfa',
      '--totp',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Removed 1 MFA factor');
    expect(printed(result.stdout, 'TOTP secret')).toMatch(/^[A-Z2-7]{32}$/);
    expect(await factorsOf(email)).toHaveLength(1);

    const unknown = await runAdminCreate(['--email', 'nobody-here@example.com', '--reset-mfa']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('No user with the e-mail nobody-here@example.com');
  });

  it('--totp with a wrong password for an existing user fails clearly', async () => {
    const result = await runAdminCreate([
      '--email',
      email,
      '--password',
      'not-the-password',
      '--reset-mfa',
      '--totp',
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `Could not sign in as ${email} to enrol a TOTP factor: Invalid login credentials`,
    );
  });
});
