// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LOCAL_SUPABASE } from '../../../scripts/env/build-env';
import { loadEnv } from '../../../scripts/env/load-env';
import {
  LOCAL_BACKEND_ENV,
  localDefaultsNotice,
  withLocalBackendDefaults,
} from '../../../scripts/env/local-backend';
import { EnvError, readNodeEnv } from '../../../scripts/env/node-env';
import {
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_SUPABASE_URL,
} from '../../../supabase/local/local-keys';

const root = join(import.meta.dirname, '../../..');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'local-backend-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a script's Supabase environment", () => {
  it('without a .env takes the local URL and keys, and says so in one line', () => {
    const { env, notice } = withLocalBackendDefaults(loadEnv({ dir, processEnv: {} }));
    expect(env).toMatchObject({
      VITE_SUPABASE_URL: LOCAL_SUPABASE_URL,
      VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(notice).toBe(
      `No .env or VITE_SUPABASE_URL found: using the local backend's defaults (${LOCAL_SUPABASE_URL}).`,
    );
    expect(readNodeEnv(env, ['VITE_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'])).toEqual({
      VITE_SUPABASE_URL: LOCAL_SUPABASE_URL,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    });
  });

  it('counts an empty or blank URL as unset, and keeps a key that is set', () => {
    const { env, notice } = withLocalBackendDefaults({
      VITE_SUPABASE_URL: ' ',
      SUPABASE_URL: '',
      SUPABASE_SERVICE_ROLE_KEY: 'a-key-of-my-own',
    });
    expect(notice).toBe(localDefaultsNotice(LOCAL_SUPABASE_URL));
    expect(env.VITE_SUPABASE_URL).toBe(LOCAL_SUPABASE_URL);
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe('a-key-of-my-own');
  });

  it('finds the local backend on LOCAL_SUPABASE_PORT, and names a bad one', () => {
    const { env, notice } = withLocalBackendDefaults({ LOCAL_SUPABASE_PORT: '6543' });
    expect(env.VITE_SUPABASE_URL).toBe('http://127.0.0.1:6543');
    expect(notice).toBe(localDefaultsNotice('http://127.0.0.1:6543'));
    expect(() => withLocalBackendDefaults({ LOCAL_SUPABASE_PORT: 'x' })).toThrow(EnvError);
    expect(() => withLocalBackendDefaults({ LOCAL_SUPABASE_PORT: 'x' })).toThrow(
      'LOCAL_SUPABASE_PORT must be a port number',
    );
  });

  it.each(['VITE_SUPABASE_URL', 'SUPABASE_URL'])(
    'leaves everything as given when %s names a project, from a .env too',
    (name) => {
      writeFileSync(join(dir, '.env'), `${name}=https://abcd.supabase.co\n`);
      const given = loadEnv({ dir, processEnv: {} });
      const { env, notice } = withLocalBackendDefaults(given);
      expect(notice).toBeUndefined();
      expect(env).toBe(given);
      expect(env.SUPABASE_SERVICE_ROLE_KEY).toBeUndefined();
    },
  );

  it('keeps a URL that is set but bad, so its check names it', () => {
    const { env, notice } = withLocalBackendDefaults({ VITE_SUPABASE_URL: 'ftp://x' });
    expect(notice).toBeUndefined();
    expect(() => readNodeEnv(env, ['VITE_SUPABASE_URL'])).toThrow(EnvError);
    expect(() => readNodeEnv(env, ['VITE_SUPABASE_URL'])).toThrow(
      'VITE_SUPABASE_URL must be an http(s) URL, got "ftp://x"',
    );
  });

  it('holds the same browser values the build falls back to', () => {
    expect(LOCAL_SUPABASE).toEqual({
      VITE_SUPABASE_URL: LOCAL_BACKEND_ENV.VITE_SUPABASE_URL,
      VITE_SUPABASE_ANON_KEY: LOCAL_BACKEND_ENV.VITE_SUPABASE_ANON_KEY,
    });
  });

  it('admin:create refuses a set but bad URL by name, before reaching any backend', () => {
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin-create.ts', '--email', 'a@example.com', '--password', 'a-long-password-1'],
      {
        cwd: root,
        env: { ...process.env, VITE_SUPABASE_URL: 'ftp://x', SUPABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('VITE_SUPABASE_URL must be an http(s) URL, got "ftp://x"');
    expect(run.stdout).not.toContain('local backend');
  });
});
