import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, QueryResult, Queryable } from './database.ts';

/** PGlite (Postgres in WebAssembly, in-process): in memory, or persisted in `dir`. */
export async function openPglite(dir?: string): Promise<Database> {
  const pg = await PGlite.create(dir ?? 'memory://', { extensions: { pgcrypto } });

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(text, params);
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql) {
      await target.exec(sql);
    },
  });

  return {
    ...wrap(pg),
    transaction(fn, options = {}) {
      return pg.transaction(async (tx) => {
        if (options.readOnly) await tx.query('set transaction read only');
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
