/**
 * The one reader of `.env` files for every Node side of the project: the Vite build and dev
 * server (vite.config.ts), the prerender and header generation, `npm run dev`, the embedded
 * backend (supabase/local/main.ts) and the CLI (scripts/admin-create.ts).
 *
 * The files and their order are Vite's: `.env`, `.env.local`, then `.env.[mode]` and
 * `.env.[mode].local` when a mode is given; a later file wins over an earlier one, and a variable
 * set in the real environment wins over every file. The format is Node's own dotenv parser
 * (`util.parseEnv`): `NAME=value`, quotes, `#` comments, `export ` prefixes; no `${VAR}`
 * expansion.
 *
 * A new variable needs nothing here: declare and check it in the schema of its runtime
 * (browser-env.ts for a `VITE_` variable the bundle holds, node-env.ts for the backend and the
 * scripts; the Edge Function reads its own in readSenderEnv), and list it in `.env.example` and
 * the environment table of docs/backend.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

/** The repository root, where the `.env` files live. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type Env = Readonly<Record<string, string | undefined>>;

export type EnvOptions = {
  /** The folder holding the `.env` files (the project root unless told). */
  dir?: string;
  /** Vite's mode (`development`, `production`, …): adds `.env.[mode]` and `.env.[mode].local`. */
  mode?: string;
  /** The real environment, which wins over the files (`process.env` unless told). */
  processEnv?: Env;
};

/** The files read for a mode, lowest priority first. */
export function envFileNames(mode?: string): string[] {
  if (mode === 'local') {
    throw new Error('"local" cannot be a mode: it would clash with the .local files.');
  }
  return ['.env', '.env.local', ...(mode ? [`.env.${mode}`, `.env.${mode}.local`] : [])];
}

/** What the `.env` files of a folder set, the later files winning; missing files are skipped. */
export function readEnvFiles(dir: string = PROJECT_ROOT, mode?: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of envFileNames(mode)) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
      if (value !== undefined) values[key] = value;
    }
  }
  return values;
}

/** The environment a tool runs with: the files' values under the real environment's. */
export function loadEnv({ dir, mode, processEnv = process.env }: EnvOptions = {}): Env {
  const real = Object.entries(processEnv).filter(([, value]) => value !== undefined);
  return { ...readEnvFiles(dir, mode), ...Object.fromEntries(real) };
}

/**
 * Copies the files' values into `process.env` (or `target`) for every variable not already set
 * there, so code that reads `process.env` later sees them. Returns the names it set.
 */
export function applyEnvFiles({
  dir,
  mode,
  target = process.env,
}: Omit<EnvOptions, 'processEnv'> & { target?: NodeJS.ProcessEnv } = {}): string[] {
  const set: string[] = [];
  for (const [key, value] of Object.entries(readEnvFiles(dir, mode))) {
    if (target[key] !== undefined) continue;
    target[key] = value;
    set.push(key);
  }
  return set;
}
