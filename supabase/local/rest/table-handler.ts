import type { Queryable } from '../db/database.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import { parseRangeHeader, responseShape } from './preferences.ts';
import type { Preferences, ResponseShape } from './preferences.ts';
import type { ParsedQuery } from './query-parser.ts';
import { asRows, isJsonObject, parseJsonBody } from './request-body.ts';
import type { JsonObject } from './request-body.ts';
import { RestError, unsupported } from './rest-error.ts';
import { columnNotFound, quoteIdent } from './schema-cache.ts';
import type { TableInfo } from './schema-cache.ts';
import { Params, orderClause, selectList, tableRef, whereClause } from './sql-builder.ts';

const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8' };
const objectHeaders = { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8' };

interface Rows {
  total: number;
  body: string | null;
}

function singularityError(count: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${count} rows`,
  );
}

/** Array body as is, or its only element for `Accept: application/vnd.pgrst.object+json`. */
function shapeBody(rows: Rows, shape: ResponseShape): string {
  const body = rows.body ?? '[]';
  if (shape === 'array') return body;
  if (rows.total !== 1) throw singularityError(rows.total);
  return JSON.stringify((JSON.parse(body) as unknown[])[0]);
}

export async function readTable(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  const params = new Params();
  const where = whereClause(table, query.filters, params);
  const order = orderClause(table, query.order);
  const { offset, paging } = pagingClause(request, query, params);

  const columns = selectList(table, query.select);
  const result = await tx.query<{ body: string; page: string }>(
    `select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::text as page
       from (select ${columns} from ${tableRef(table)}${where}${order}${paging}) _pgrst_t`,
    params.values,
  );
  const row = result.rows[0];

  let total: number | null = null;
  if (preferences.count !== null) {
    const countParams = new Params();
    const countWhere = whereClause(table, query.filters, countParams);
    const counted = await tx.query<{ total: string }>(
      `select count(*)::text as total from ${tableRef(table)}${countWhere}`,
      countParams.values,
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return pageResponse(request, shape, preferences, {
    body: row?.body ?? '[]',
    page: Number(row?.page ?? 0),
    total,
    offset,
  });
}

/**
 * The rows a set-returning function gives (`call` is its call, arguments bound in `params`), read
 * as a table is: PostgREST applies select, filters, order, limit/offset or Range and the count to
 * a function that returns rows of a table or view. The function runs once for the page and its
 * count.
 */
export async function readFunctionRows(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  call: (params: Params) => string,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  const params = new Params();
  const name = quoteIdent(table.name);
  const source = call(params);
  const where = whereClause(table, query.filters, params);
  const order = orderClause(table, query.order);
  const { offset, paging } = pagingClause(request, query, params);
  const columns = selectList(table, query.select);
  const result = await tx.query<{ body: string; page: string; total: string }>(
    `with ${name} as (select * from ${source}),
          _pgrst_rows as (select ${name}.* from ${name}${where})
     select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::text as page,
            (select count(*) from _pgrst_rows)::text as total
       from (select ${columns} from _pgrst_rows as ${name}${order}${paging}) _pgrst_t`,
    params.values,
  );
  const row = result.rows[0];
  return pageResponse(request, shape, preferences, {
    body: row?.body ?? '[]',
    page: Number(row?.page ?? 0),
    total: preferences.count === null ? null : Number(row?.total ?? 0),
    offset,
  });
}

/** `limit`/`offset` from the query string, else from a Range header. */
function pagingClause(
  request: LocalRequest,
  query: ParsedQuery,
  params: Params,
): { offset: number; paging: string } {
  const range = query.limit === null && query.offset === null ? parseRangeHeader(request) : null;
  const offset = query.offset ?? range?.offset ?? 0;
  const limit = query.limit ?? range?.limit ?? null;
  let paging = '';
  if (limit !== null) paging += ` limit ${params.add(limit)}`;
  if (offset > 0) paging += ` offset ${params.add(offset)}`;
  return { offset, paging };
}

/** A read's answer: the page as JSON with Content-Range (206 when partial with a count). */
function pageResponse(
  request: LocalRequest,
  shape: ResponseShape,
  preferences: Preferences,
  {
    body,
    page,
    total,
    offset,
  }: { body: string; page: number; total: number | null; offset: number },
): LocalResponse {
  const totalText = total === null ? '*' : String(total);
  if (total !== null && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      {
        'Content-Range': `*/${total}`,
      },
    );
  }
  const contentRange =
    page === 0 ? `*/${totalText}` : `${offset}-${offset + page - 1}/${totalText}`;
  const partial = total !== null && page < total;
  const headers: Record<string, string> = {
    ...(shape === 'object' ? objectHeaders : jsonHeaders),
    'Content-Range': contentRange,
    'Content-Location': `${request.path}${request.url.search}`,
  };
  if (preferences.applied.length > 0)
    headers['Preference-Applied'] = preferences.applied.join(', ');
  return {
    status: partial ? 206 : 200,
    headers,
    body: shapeBody({ total: page, body }, shape),
  };
}

/** Columns to write: `columns=` if given, else the (uniform) keys of the payload. */
function writeColumns(
  table: TableInfo,
  rows: JsonObject[],
  query: ParsedQuery,
  missingDefault: boolean,
): string[] {
  let columns: string[];
  if (query.columns) {
    columns = query.columns;
  } else {
    const first = Object.keys(rows[0] ?? {});
    const sameKeys = rows.every((row) => {
      const keys = Object.keys(row);
      return keys.length === first.length && first.every((key) => key in row);
    });
    if (!sameKeys && !missingDefault)
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  }
  for (const column of columns) {
    if (!table.columns.includes(column)) throw columnNotFound(table.name, column);
  }
  return columns;
}

async function runMutation(
  tx: Queryable,
  mutation: string,
  params: Params,
  table: TableInfo,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<Rows> {
  if (preferences.returning === 'representation') {
    const result = await tx.query<{ total: string; body: string }>(
      `with pgrst_source as (${mutation} returning ${quoteIdent(table.name)}.*)
       select count(*)::text as total, coalesce(json_agg(_pgrst_t), '[]')::text as body
         from (select ${selectList(table, query.select, 'pgrst_source')} from pgrst_source) _pgrst_t`,
      params.values,
    );
    return { total: Number(result.rows[0]?.total ?? 0), body: result.rows[0]?.body ?? '[]' };
  }
  // `returning 1`, as PostgREST does: no column is read back, so SELECT policies do not apply.
  const result = await tx.query<{ total: string }>(
    `with pgrst_source as (${mutation} returning 1) select count(*)::text as total from pgrst_source`,
    params.values,
  );
  return { total: Number(result.rows[0]?.total ?? 0), body: null };
}

function writeResponse(
  status: number,
  rows: Rows,
  shape: ResponseShape,
  preferences: Preferences,
): LocalResponse {
  const headers: Record<string, string> = {
    'Content-Range': `*/${preferences.count ? rows.total : '*'}`,
  };
  if (preferences.applied.length > 0)
    headers['Preference-Applied'] = preferences.applied.join(', ');
  if (shape === 'object' && rows.total !== 1) throw singularityError(rows.total);
  if (preferences.returning !== 'representation') {
    return { status: status === 201 ? 201 : 204, headers, body: null };
  }
  return {
    status,
    headers: { ...(shape === 'object' ? objectHeaders : jsonHeaders), ...headers },
    body: shapeBody(rows, shape),
  };
}

export async function insertRows(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  const rows = asRows(parseJsonBody(request));
  if (query.filters.length > 0) throw unsupported('Filters on insert');
  if (preferences.returning === 'headers-only') throw unsupported('Prefer: return=headers-only');
  let total = 0;
  const bodies: unknown[] = [];
  // With `missing=default` each row keeps its own key set, so absent keys take column defaults.
  const batches = preferences.missingDefault && !query.columns ? rows.map((row) => [row]) : [rows];
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const columns = writeColumns(table, batch, query, preferences.missingDefault);
    const params = new Params();
    let mutation: string;
    if (columns.length === 0) {
      if (batch.length > 1) throw unsupported('Inserting several rows that all have no columns');
      mutation = `insert into ${tableRef(table)} default values`;
    } else {
      const list = columns.map(quoteIdent).join(', ');
      mutation = `insert into ${tableRef(table)} (${list})
        select ${list} from json_populate_recordset(null::${tableRef(table)}, ${params.add(JSON.stringify(batch))}::json) _pgrst_body`;
    }
    const result = await runMutation(tx, mutation, params, table, query, preferences);
    total += result.total;
    if (result.body) bodies.push(...(JSON.parse(result.body) as unknown[]));
  }
  const body = preferences.returning === 'representation' ? JSON.stringify(bodies) : null;
  return writeResponse(201, { total, body }, shape, preferences);
}

export async function updateRows(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  const payload = parseJsonBody(request);
  if (!isJsonObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  if (query.limit !== null || query.offset !== null || query.order.length > 0)
    throw unsupported('limit/offset/order on PATCH');
  const columns = writeColumns(table, [payload], query, false);
  if (columns.length === 0)
    return writeResponse(
      200,
      { total: 0, body: '[]' },
      shape === 'object' ? 'array' : shape,
      preferences,
    );
  const params = new Params();
  const body = params.add(JSON.stringify(payload));
  const assignments = columns
    .map((column) => `${quoteIdent(column)} = _pgrst_body.${quoteIdent(column)}`)
    .join(', ');
  const mutation = `update ${tableRef(table)} set ${assignments}
    from (select * from json_populate_record(null::${tableRef(table)}, ${body}::json)) _pgrst_body${whereClause(table, query.filters, params)}`;
  return writeResponse(
    200,
    await runMutation(tx, mutation, params, table, query, preferences),
    shape,
    preferences,
  );
}

export async function deleteRows(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  if (query.limit !== null || query.offset !== null || query.order.length > 0)
    throw unsupported('limit/offset/order on DELETE');
  const params = new Params();
  const mutation = `delete from ${tableRef(table)}${whereClause(table, query.filters, params)}`;
  return writeResponse(
    200,
    await runMutation(tx, mutation, params, table, query, preferences),
    shape,
    preferences,
  );
}
