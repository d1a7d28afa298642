import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, QueryResult, Queryable } from './database.ts';

const extensions = { pgcrypto };

/**
 * A freshly initialised in-memory cluster, cached on disk. PGlite's initdb takes several seconds
 * (far more on a busy machine) while loading a saved data directory takes a fraction of that, and
 * every test file starts its own backend.
 */
async function createMemoryPglite(cacheDir: string): Promise<PGlite> {
  const packageJson = join(
    dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
    '..',
    'package.json',
  );
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(`pglite ${version} bare cluster v1`)
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(file)) {
    try {
      return await PGlite.create('memory://', {
        extensions,
        loadDataDir: new Blob([readFileSync(file)]),
      });
    } catch {
      rmSync(file, { force: true });
    }
  }
  const pg = await PGlite.create('memory://', { extensions });
  try {
    const dump = await pg.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
  } catch {
    // The cache only saves time; a read-only checkout still works without it.
  }
  return pg;
}

export interface PgliteOptions {
  /** A data directory to persist to; in memory when absent. */
  dir?: string;
  /** Where the in-memory cluster template is cached (default `.local/cache`). */
  cacheDir?: string;
}

/** PGlite (Postgres in WebAssembly, in-process): in memory, or persisted in `dir`. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const pg = options.dir
    ? await PGlite.create(options.dir, { extensions })
    : await createMemoryPglite(options.cacheDir ?? join(process.cwd(), '.local', 'cache'));

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(text, params);
      return {
        rows: result.rows,
        rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
      };
    },
    async exec(sql) {
      await target.exec(sql);
    },
  });

  return {
    ...wrap(pg),
    transaction(fn, transactionOptions = {}) {
      return pg.transaction(async (tx) => {
        if (transactionOptions.readOnly) await tx.query('set transaction read only');
        return fn(wrap(tx));
      });
    },
    async simpleQuery<T>(sql: string) {
      const results = await pg.exec(sql);
      return (results.at(-1)?.rows ?? []) as T[];
    },
    close: () => pg.close(),
  };
}
