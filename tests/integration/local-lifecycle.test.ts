import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedCluster } from '../../supabase/local/db/embedded-cluster.ts';
import { EnvError, optionsFromEnv } from '../../supabase/local/env-config.ts';
import { PortInUseError, startLocalSupabase } from '../../supabase/local/server.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

/** Runs `npm run backend`'s entry with extra env; resolves with its exit code and output. */
function runBackendProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', LOCAL_SUPABASE_DB: 'memory', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// Each of these starts a PostgreSQL cluster afresh, which is slow on a busy machine: hence the
// longer timeouts.
describe('persistence in a kept PostgreSQL data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'local-backend-'));
  const dataDir = join(root, 'postgres');
  // As root the server runs as another OS user, who must get through this directory.
  chmodSync(root, 0o755);
  const migrationsDir = join(root, 'migrations');
  const seedFile = join(root, 'seed.sql');

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps data across restarts and applies only new migrations; seeds once', async () => {
    rmSync(migrationsDir, { recursive: true, force: true });
    mkdirSync(migrationsDir, { recursive: true });
    writeFileSync(
      join(migrationsDir, '20250101000000_create_notes.sql'),
      `create table public.notes (id serial primary key, body text not null);
       alter table public.notes enable row level security;
       create policy notes_read on public.notes for select to anon using (true);
       create policy notes_insert on public.notes for insert to anon with check (true);`,
    );
    writeFileSync(seedFile, `insert into public.notes (body) values ('seeded');`);
    const options = {
      port: 0,
      db: { kind: 'embedded' as const, dir: dataDir },
      migrationsDir,
      seedFile,
    };

    const first = await startLocalSupabase(options);
    await anonClient(first).from('notes').insert({ body: 'kept' });
    await first.stop();
    // A real PostgreSQL cluster of the major Supabase runs, stopped cleanly (no server left).
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);

    writeFileSync(
      join(migrationsDir, '20250102000000_add_notes_tag.sql'),
      `alter table public.notes add column tag text;`,
    );
    const log: string[] = [];
    const second = await startLocalSupabase({ ...options, log: (line) => log.push(line) });
    try {
      const { data } = await anonClient(second).from('notes').select('body,tag').order('id');
      expect(data).toEqual([
        { body: 'seeded', tag: null },
        { body: 'kept', tag: null },
      ]);
      expect(log).toEqual(['applied migration 20250102000000_add_notes_tag.sql']);
      const versions = await second.sql<{ version: string; name: string }>(
        'select version, name from supabase_migrations.schema_migrations order by version',
      );
      expect(versions).toEqual([
        { version: '20250101000000', name: 'create_notes' },
        { version: '20250102000000', name: 'add_notes_tag' },
      ]);
    } finally {
      await second.stop();
    }
  }, 180_000);

  // PostgreSQL refuses root, so as root (CI) the server runs as another OS user; a data directory
  // behind a private parent is named with the fix instead of failing deep inside initdb.
  it.runIf(process.getuid?.() === 0)(
    'as root, names a data directory the server cannot reach',
    async () => {
      const privateRoot = mkdtempSync(join(tmpdir(), 'local-backend-private-'));
      try {
        await expect(
          startLocalSupabase({
            port: 0,
            db: { kind: 'embedded', dir: join(privateRoot, 'postgres') },
            migrationsDir,
            seedFile,
          }),
        ).rejects.toThrow(/cannot reach .*local-backend-private-.*chmod o\+x/);
      } finally {
        rmSync(privateRoot, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('names the migration that fails and applies none of it', async () => {
    const badDir = join(root, 'bad-migrations');
    mkdirSync(badDir, { recursive: true });
    writeFileSync(
      join(badDir, '20250101000000_broken.sql'),
      `create table public.half (id int); select no_such_function();`,
    );
    await expect(
      startLocalSupabase({
        port: 0,
        db: { kind: 'memory' },
        migrationsDir: badDir,
        seedFile: join(root, 'none.sql'),
      }),
    ).rejects.toThrow(/migration 20250101000000_broken\.sql failed: .*no_such_function/);
  }, 120_000);
});

describe('a throwaway cluster whose backend was killed', () => {
  it('is stopped and deleted by the next throwaway start', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOCAL_SUPABASE_DB: 'memory',
        LOCAL_SUPABASE_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 60_000 }).toContain('backend is running');
    const ownedByChild = () =>
      readdirSync(tmpdir())
        .filter((name) => name.startsWith('kestrel-pg-'))
        .map((name) => join(tmpdir(), name))
        .filter((dir) => {
          const owner = join(dir, 'data.owner');
          return existsSync(owner) && readFileSync(owner, 'utf8') === String(child.pid);
        });
    const [left] = ownedByChild();
    expect(left).toBeDefined();
    const serverPid = Number(
      readFileSync(join(left!, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(() => process.kill(serverPid, 0)).not.toThrow(); // the server outlived its backend

    const next = await startEmbeddedCluster();
    try {
      expect(existsSync(left!)).toBe(false);
      expect(() => process.kill(serverPid, 0)).toThrow();
    } finally {
      await next.stop();
    }
  }, 120_000);
});

describe('process behaviour', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ authRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('refuses a second instance on a used port with a clear message', async () => {
    await expect(
      startLocalSupabase({ port: backend.port, db: { kind: 'memory' } }),
    ).rejects.toThrow(PortInUseError);
    const { code, output } = await runBackendProcess({ LOCAL_SUPABASE_PORT: String(backend.port) });
    expect(code).toBe(1);
    expect(output).toContain(
      `port ${backend.port} is already in use: is another backend running? set LOCAL_SUPABASE_PORT`,
    );
  });

  it('names the environment variable that is wrong', () => {
    const wrong = (env: Record<string, string>) => () => optionsFromEnv(env);
    expect(wrong({ LOCAL_SUPABASE_PORT: 'eighty' })).toThrow(
      'LOCAL_SUPABASE_PORT must be a port number between 1 and 65535, got "eighty"',
    );
    expect(wrong({ LOCAL_SUPABASE_PORT: '70000' })).toThrow(EnvError);
    expect(wrong({ LOCAL_SUPABASE_AUTOCONFIRM: 'yes' })).toThrow(
      'LOCAL_SUPABASE_AUTOCONFIRM must be "true" or "false", got "yes"',
    );
    expect(wrong({ LOCAL_POSTGRES_OS_USER: 'not a user' })).toThrow(
      'LOCAL_POSTGRES_OS_USER must be the name of an OS user, got "not a user"',
    );
    expect(optionsFromEnv({ LOCAL_POSTGRES_OS_USER: 'pgrunner' }).db).toEqual({
      kind: 'embedded',
      dir: '.local/postgres',
      osUser: 'pgrunner',
    });
    expect(wrong({ LOCAL_SUPABASE_DB: 'disk' })).toThrow(
      'LOCAL_SUPABASE_DB must be "memory" or "file"',
    );
    expect(wrong({ SITE_URL: 'localhost' })).toThrow(
      'SITE_URL must be an http(s) URL, got "localhost"',
    );
    expect(wrong({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    );
    expect(optionsFromEnv({})).toEqual({
      port: 54321,
      db: { kind: 'embedded', dir: '.local/postgres' },
      autoconfirm: false,
      siteUrl: 'http://localhost:5173',
      authLimits: 'local',
    });
    expect(optionsFromEnv({ LOCAL_AUTH_LIMITS: 'config' }).authLimits).toBe('config');
    expect(wrong({ LOCAL_AUTH_LIMITS: 'hosted' })).toThrow(
      'LOCAL_AUTH_LIMITS must be "local" (generous, for tests) or "config" (supabase/config.toml\'s [auth.rate_limit]), got "hosted"',
    );
    expect(
      optionsFromEnv({
        LOCAL_SUPABASE_DB: 'memory',
        LOCAL_SUPABASE_AUTOCONFIRM: 'TRUE',
        LOCAL_SUPABASE_PORT: '6000',
      }),
    ).toMatchObject({
      port: 6000,
      db: { kind: 'memory' },
      autoconfirm: true,
    });
    expect(
      optionsFromEnv({ DATABASE_URL: 'postgres://u@h/db', LOCAL_SUPABASE_DB: 'memory' }).db,
    ).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });

  it('rate-limits sign-in attempts per IP with over_request_rate_limit', async () => {
    const attempt = () =>
      anonClient(backend).auth.signInWithPassword({
        email: 'nobody@example.com',
        password: 'whatever-password',
      });
    for (let i = 0; i < 3; i += 1)
      expect((await attempt()).error?.code).toBe('invalid_credentials');
    const limited = await attempt();
    expect(limited.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // Other routes are not limited.
    expect((await fetch(`${backend.url}/auth/v1/health`)).status).toBe(200);
  });

  it('keeps serving after oversized, malformed and unexpected requests', async () => {
    const huge = await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      body: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const unknown = await fetch(`${backend.url}/nowhere`);
    expect(unknown.status).toBe(404);
    const badPath = await fetch(`${backend.url}/rest/v1/%E0%A4%A`);
    expect(badPath.status).toBe(404);
    expect(await badPath.json()).toMatchObject({ code: 'PGRST125' });
    expect((await fetch(`${backend.url}/rest/v1/`)).status).toBe(400);
    const settings = await fetch(`${backend.url}/auth/v1/settings`);
    expect(settings.status).toBe(200);
  });
});
