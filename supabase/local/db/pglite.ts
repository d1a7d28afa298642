import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

import type { Database, QueryResult, Queryable } from './database.ts';

/** The contrib extensions the migrations create (hosted Supabase offers each of them). */
const extensions = { btree_gist, pgcrypto, pg_trgm, unaccent };

/**
 * A freshly initialised cluster, saved once under the cache directory. PGlite's initdb takes
 * several seconds (far more on a busy machine) while loading a saved data directory takes a
 * fraction of that, and every test file starts its own backend.
 */
async function bareClusterTemplate(cacheDir: string): Promise<{ data: Blob; file: string } | null> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const packageJson = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(`pglite ${version} bare cluster v1`)
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(file)) return { data: new Blob([readFileSync(file)]), file };
  try {
    const pg = await PGlite.create('memory://', { extensions });
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
    return { data: dump, file };
  } catch {
    // The cache only saves time; without it every start runs initdb.
    return null;
  }
}

/** Starts from the template when the data directory is new; a broken template is discarded. */
async function createPglite(dataDir: string, cacheDir: string): Promise<PGlite> {
  const isNew = dataDir === 'memory://' || !existsSync(join(dataDir, 'PG_VERSION'));
  const template = isNew ? await bareClusterTemplate(cacheDir) : null;
  if (template) {
    try {
      return await PGlite.create(dataDir, { extensions, loadDataDir: template.data });
    } catch (error) {
      rmSync(template.file, { force: true });
      if (dataDir !== 'memory://') {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `could not initialise PGlite in ${dataDir} (${reason}); delete that directory and retry`,
          { cause: error },
        );
      }
    }
  }
  return PGlite.create(dataDir, { extensions });
}

export interface PgliteOptions {
  /** A data directory to persist to; in memory when absent. */
  dir?: string;
  /** Where the in-memory cluster template is cached (default `.local/cache`). */
  cacheDir?: string;
}

/** PGlite (Postgres in WebAssembly, in-process): in memory, or persisted in `dir`. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const pg = await createPglite(
    options.dir ?? 'memory://',
    options.cacheDir ?? join(process.cwd(), '.local', 'cache'),
  );

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
