import type { Queryable } from '../db/database.ts';
import { RestError } from './rest-error.ts';

export const EXPOSED_SCHEMA = 'public';

export interface TableInfo {
  name: string;
  columns: string[];
}

/**
 * Reads one table's columns from the catalog on every request, so tables created while the
 * server runs (tests do this) are visible at once, as after PostgREST's schema reload.
 */
export async function loadTable(db: Queryable, name: string): Promise<TableInfo> {
  const result = await db.query<{ attname: string }>(
    `select a.attname
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by a.attnum`,
    [EXPOSED_SCHEMA, name],
  );
  if (result.rows.length === 0) throw await tableNotFound(db, name);
  return { name, columns: result.rows.map((row) => row.attname) };
}

async function tableNotFound(db: Queryable, name: string): Promise<RestError> {
  const tables = await db.query<{ relname: string }>(
    `select c.relname from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
    [EXPOSED_SCHEMA],
  );
  const suggestion = closestName(
    name,
    tables.rows.map((row) => row.relname),
  );
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${suggestion}'` : null,
  );
}

export function columnNotFound(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

/** The Postgres error PostgREST passes through for an unknown column in select, filters or order. */
export function undefinedColumn(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

/** Similarity of character bigrams (Dice coefficient), close to PostgREST's fuzzy-set hint. */
export function closestName(name: string, candidates: string[], minScore = 0.75): string | null {
  const grams = (text: string) => {
    const padded = `-${text.toLowerCase()}-`;
    const list: string[] = [];
    for (let i = 0; i < padded.length - 1; i += 1) list.push(padded.slice(i, i + 2));
    return list;
  };
  const target = grams(name);
  let best: { name: string; score: number } | null = null;
  for (const candidate of candidates) {
    const other = grams(candidate);
    const pool = [...other];
    let shared = 0;
    for (const gram of target) {
      const index = pool.indexOf(gram);
      if (index >= 0) {
        shared += 1;
        pool.splice(index, 1);
      }
    }
    const score = (2 * shared) / (target.length + other.length);
    if (score >= minScore && (!best || score > best.score)) best = { name: candidate, score };
  }
  return best?.name ?? null;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
