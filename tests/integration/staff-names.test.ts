// Staff are known by name: public.staff_profiles holds one bounded, non-blank name per staff
// account. Admins (aal2) read every name and set anyone's through set_staff_name(); a staff member
// reads and renames only their own row; anon and other accounts see nothing. staff_access() and
// list_staff() return the name as display_name. admin:create --name writes it. An admin cannot
// revoke their own admin role, even when another admin remains.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADA = 'ada.names@example.com';
const BEN = 'ben.names@example.com';
const OUTSIDER = { email: 'outsider.names@example.com', password: 'outsider-password-1' };

let backend: TestBackend;
let ada: SupabaseClient;
let adaUser: CreatedUser;
let ben: SupabaseClient;
let benUser: CreatedUser;
let outsider: SupabaseClient;
let outsiderUser: CreatedUser;

async function storedName(userId: string): Promise<string | undefined> {
  const rows = await backend.sql<{ display_name: string }>(
    'select display_name from public.staff_profiles where user_id = $1',
    [userId],
  );
  return rows[0]?.display_name;
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({ user: adaUser, client: ada } = await createAdmin(backend, ADA));
  ({ user: benUser, client: ben } = await createAdmin(backend, BEN));
  outsiderUser = await createUser(backend, OUTSIDER);
  outsider = await signedInClient(backend, OUTSIDER.email, OUTSIDER.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe('setting names', () => {
  it('an admin sets any staff member’s name, trimmed, audited, and reads it back in staff_access', async () => {
    const { data, error } = await ada.rpc('set_staff_name', {
      _user_id: benUser.id,
      _name: '  Ben Okafor ',
    });
    expect(error).toBeNull();
    expect(data).toBe('Ben Okafor');
    expect(await storedName(benUser.id)).toBe('Ben Okafor');

    const audit = await backend.sql<{ user_id: string; resource_id: string }>(
      `select user_id::text as user_id, resource_id from public.audit_log
        where action = 'admin_staff_name_set'`,
    );
    expect(audit).toEqual([{ user_id: adaUser.id, resource_id: benUser.id }]);

    const listed = await ada.rpc('staff_access');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      expect.objectContaining({ email: ADA, display_name: null }),
      expect.objectContaining({ email: BEN, display_name: 'Ben Okafor', roles: ['admin'] }),
    ]);
  });

  it('list_staff returns display_name beside id and email', async () => {
    const { data, error } = await ada.rpc('list_staff');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: adaUser.id, email: ADA, display_name: null },
      { id: benUser.id, email: BEN, display_name: 'Ben Okafor' },
    ]);
  });

  it.each([
    ['blank', '   ', 'staff_name_blank', /Enter a name/],
    ['too long', 'x'.repeat(101), 'staff_name_too_long', /at most 100/],
    ['a line break', 'Ben\nOkafor', 'staff_name_control_characters', /line breaks/],
  ])('refuses a %s name with a clear message', async (_case, name, hint, message) => {
    const { error } = await ada.rpc('set_staff_name', { _user_id: benUser.id, _name: name });
    expect(error?.code).toBe('22023');
    expect(error?.hint).toBe(hint);
    expect(error?.message).toMatch(message);
    expect(await storedName(benUser.id)).toBe('Ben Okafor');
  });

  it('refuses naming an account that holds no role', async () => {
    const { error } = await ada.rpc('set_staff_name', {
      _user_id: outsiderUser.id,
      _name: 'Not Staff',
    });
    expect(error?.code).toBe('P0001');
    expect(error?.hint).toBe('staff_name_not_staff');
    expect(await storedName(outsiderUser.id)).toBeUndefined();
  });

  it('a signed-in non-admin and anon cannot set names', async () => {
    const refused = await outsider.rpc('set_staff_name', { _user_id: benUser.id, _name: 'X' });
    expect(refused.error?.code).toBe('42501');
    const anon = await anonClient(backend).rpc('set_staff_name', {
      _user_id: benUser.id,
      _name: 'X',
    });
    expect(anon.error?.code).toBe('42501');
    expect(await storedName(benUser.id)).toBe('Ben Okafor');
  });
});

describe('who reads and changes the table', () => {
  it('an admin reads every row; anon and a non-staff account read none', async () => {
    await ada.rpc('set_staff_name', { _user_id: adaUser.id, _name: 'Ada Lovelace' });
    const admins = await ada.from('staff_profiles').select('user_id, display_name');
    expect(admins.error).toBeNull();
    expect(admins.data).toHaveLength(2);

    const others = await outsider.from('staff_profiles').select('user_id');
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);

    const anon = await anonClient(backend).from('staff_profiles').select('user_id');
    expect(anon.error?.code).toBe('42501');
  });

  it('a staff member renames themself through the table, within the same bounds', async () => {
    const own = await ben
      .from('staff_profiles')
      .update({ display_name: 'Benjamin Okafor' })
      .eq('user_id', benUser.id)
      .select('display_name');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ display_name: 'Benjamin Okafor' }]);

    const blank = await ben
      .from('staff_profiles')
      .update({ display_name: ' ' })
      .eq('user_id', benUser.id);
    expect(blank.error?.code).toBe('23514');
    expect(await storedName(benUser.id)).toBe('Benjamin Okafor');
  });

  it('nobody renames another account or adds rows through the table', async () => {
    const other = await ben
      .from('staff_profiles')
      .update({ display_name: 'Renamed by Ben' })
      .eq('user_id', adaUser.id)
      .select('user_id');
    // an admin reads Ada's row but the update policy matches only Ben's own.
    expect(other.data).toEqual([]);
    expect(await storedName(adaUser.id)).toBe('Ada Lovelace');

    const added = await outsider
      .from('staff_profiles')
      .insert({ user_id: outsiderUser.id, display_name: 'Self-made Staff' });
    expect(added.error?.code).toBe('42501');
  });
});

describe('revoking one’s own admin role', () => {
  it('is refused with a clear message even when another admin remains', async () => {
    const { error } = await ada.rpc('revoke_admin_role', { _email: ADA.toUpperCase() });
    expect(error?.code).toBe('P0001');
    expect(error?.hint).toBe('user_roles_self_revoke');
    expect(error?.message).toMatch(/your own admin role/);
    const roles = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.user_roles where user_id = $1 and role = 'admin'`,
      [adaUser.id],
    );
    expect(roles[0]!.n).toBe(1);
  });

  it('another admin may still revoke it', async () => {
    const { data, error } = await ben.rpc('revoke_admin_role', { _email: ADA });
    expect(error).toBeNull();
    expect(data).toBe(true);
  });
});

describe('admin:create --name', () => {
  function runAdminCreate(args: string[]): Promise<{ exitCode: number; stdout: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/admin-create.ts', ...args],
        {
          cwd: PROJECT_ROOT,
          timeout: 60_000,
          env: {
            ...process.env,
            SUPABASE_URL: backend.url,
            VITE_SUPABASE_URL: '',
            SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
          },
        },
        (error, stdout, stderr) => {
          if (error) console.error(stderr);
          const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ exitCode, stdout });
        },
      );
    });
  }

  it(
    'stores the name as the staff name, and a later --name changes it',
    { timeout: 120_000 },
    async () => {
      const email = 'cleo.names@example.com';
      const first = await runAdminCreate([
        '--email',
        email,
        '--password',
        'cleo-password-1',
        '--name',
        ' Cleo Adeyemi ',
      ]);
      expect(first.exitCode).toBe(0);
      const id = (
        await backend.sql<{ id: string }>(
          'select id::text as id from auth.users where email = $1',
          [email],
        )
      )[0]!.id;
      expect(await storedName(id)).toBe('Cleo Adeyemi');

      const again = await runAdminCreate([
        '--email',
        email,
        '--password',
        'cleo-password-1',
        '--name',
        'Cleo A.',
      ]);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toMatch(/staff name.*Cleo A\./i);
      expect(await storedName(id)).toBe('Cleo A.');
    },
  );
});
