// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EnvError, loadBackendOptions } from '../../../supabase/local/env-config';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backend-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded backend's environment", () => {
  it('honours LOCAL_SUPABASE_PORT and LOCAL_SUPABASE_DB from .env, and fills the target', () => {
    writeFileSync(
      join(dir, '.env'),
      'LOCAL_SUPABASE_PORT=55432\nLOCAL_SUPABASE_DB=memory\nMAIL_API_KEY=re_test\n',
    );
    const target: NodeJS.ProcessEnv = {};
    const options = loadBackendOptions({ dir, target });
    expect(options.port).toBe(55432);
    expect(options.db).toEqual({ kind: 'memory' });
    // Later readers of process.env (the mail sender's options) see the file's values too.
    expect(target.MAIL_API_KEY).toBe('re_test');
  });

  it('lets real variables win over .env', () => {
    writeFileSync(join(dir, '.env'), 'LOCAL_SUPABASE_PORT=55432\nLOCAL_SUPABASE_DB=memory\n');
    const options = loadBackendOptions({ dir, target: { LOCAL_SUPABASE_PORT: '54999' } });
    expect(options.port).toBe(54999);
    expect(options.db).toEqual({ kind: 'memory' });
  });

  it('names the variable when .env holds a bad value', () => {
    writeFileSync(join(dir, '.env'), 'LOCAL_SUPABASE_DB=redis\n');
    expect(() => loadBackendOptions({ dir, target: {} })).toThrow(EnvError);
    expect(() => loadBackendOptions({ dir, target: {} })).toThrow(/LOCAL_SUPABASE_DB/);
  });
});
