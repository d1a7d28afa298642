import pg from 'pg';

import type { Database, QueryResult, Queryable } from './database.ts';

// Return timestamps and dates as Postgres prints them, the way PostgREST's JSON does, instead of
// JS Date objects that lose microseconds.
const rawTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => {
    if (oid === 1114 || oid === 1184 || oid === 1082) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/** A PostgreSQL server reached through `url`, as a superuser or the database owner. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    types: rawTypes as pg.CustomTypesConfig,
  });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on('error', () => {});
  await pool.query('select 1');

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(text, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql) {
      await client.query(sql);
    },
  });

  return {
    ...wrap(pool),
    async transaction(fn, options = {}) {
      const client = await pool.connect();
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async simpleQuery<T>(sql: string) {
      const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as T[];
    },
    close: () => pool.end(),
  };
}
