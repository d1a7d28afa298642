// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { applyEnvFiles, envFileNames, loadEnv, readEnvFiles } from '../../../scripts/env/load-env';

let dir: string;
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'load-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the env loader', () => {
  it("reads Vite's files in Vite's order, the later file winning", () => {
    write('.env', 'A=env\nB=env\nC=env\nD=env\n');
    write('.env.local', 'B=local\nC=local\nD=local\n');
    write('.env.production', 'C=production\nD=production\n');
    write('.env.production.local', 'D=production-local\n');
    expect(readEnvFiles(dir, 'production')).toEqual({
      A: 'env',
      B: 'local',
      C: 'production',
      D: 'production-local',
    });
    // Without a mode, only .env and .env.local.
    expect(readEnvFiles(dir)).toEqual({ A: 'env', B: 'local', C: 'local', D: 'local' });
  });

  it('parses comments, quotes and export prefixes', () => {
    write('.env', '# a comment\nexport QUOTED="a b # c"\nPLAIN=x # trailing\nEMPTY=\n');
    expect(readEnvFiles(dir)).toEqual({ QUOTED: 'a b # c', PLAIN: 'x', EMPTY: '' });
  });

  it('lets the real environment win over every file', () => {
    write('.env', 'VITE_SUPABASE_URL=https://from-file.supabase.co\nOTHER=file\n');
    const env = loadEnv({
      dir,
      processEnv: { VITE_SUPABASE_URL: 'https://from-env.supabase.co', UNSET: undefined },
    });
    expect(env.VITE_SUPABASE_URL).toBe('https://from-env.supabase.co');
    expect(env.OTHER).toBe('file');
    expect('UNSET' in env).toBe(false);
  });

  it('fills process.env-like targets without overriding what is set', () => {
    write('.env', 'LOCAL_SUPABASE_PORT=55555\nLOCAL_SUPABASE_DB=memory\n');
    const target: NodeJS.ProcessEnv = { LOCAL_SUPABASE_DB: 'file' };
    expect(applyEnvFiles({ dir, target })).toEqual(['LOCAL_SUPABASE_PORT']);
    expect(target).toEqual({ LOCAL_SUPABASE_PORT: '55555', LOCAL_SUPABASE_DB: 'file' });
  });

  it('skips missing files and refuses the "local" mode', () => {
    expect(loadEnv({ dir, mode: 'production', processEnv: {} })).toEqual({});
    expect(() => envFileNames('local')).toThrow(/"local" cannot be a mode/);
  });
});
