import type { Queryable } from '../db/database.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import { parseRangeHeader, responseShape } from './preferences.ts';
import type { Preferences, ResponseShape } from './preferences.ts';
import type { ParsedQuery } from './query-parser.ts';
import { asRows, isJsonObject, parseJsonBody } from './request-body.ts';
import type { JsonObject } from './request-body.ts';
import { RestError, unsupported } from './rest-error.ts';
import { columnDefaults, columnNotFound, quoteIdent } from './schema-cache.ts';
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
 * How a function's result becomes the body, as PostgREST's handler does: rows of a table, view,
 * composite type or `returns table` as an array; one composite row (not a set) as an object; a
 * scalar as its value; a set of scalars as an array of values.
 */
export type FunctionResult = 'rows' | 'row' | 'scalar' | 'scalars';

const functionBody: Record<FunctionResult, string> = {
  rows: `coalesce(json_agg(_pgrst_t), '[]')`,
  row: `coalesce(json_agg(_pgrst_t)->0, 'null')`,
  scalar: `coalesce(json_agg(_pgrst_t.pgrst_scalar)->0, 'null')`,
  scalars: `coalesce(json_agg(_pgrst_t.pgrst_scalar), '[]')`,
};

/**
 * A function's result (`call` is its call, arguments bound in `params`, aliased as `table.name`),
 * read as a table is: PostgREST wraps the call as `select ... from fn(args) as t where ... order
 * by ... limit ...` and applies select, filters, order, limit/offset or Range and the count to it,
 * whatever the function returns. A scalar is read as one column named `pgrst_scalar`, as there.
 * The function runs once for the page and its count.
 */
export async function readFunctionRows(
  tx: Queryable,
  request: LocalRequest,
  table: TableInfo,
  call: (params: Params) => string,
  query: ParsedQuery,
  preferences: Preferences,
  result: FunctionResult,
): Promise<LocalResponse> {
  const shape = responseShape(request);
  const params = new Params();
  const name = quoteIdent(table.name);
  const source = call(params);
  const where = whereClause(table, query.filters, params);
  const order = orderClause(table, query.order);
  const { offset, paging } = pagingClause(request, query, params);
  const columns = selectList(table, query.select);
  const single = result === 'row' || result === 'scalar';
  const rows = await tx.query<{ body: string; page: string; total: string }>(
    `with ${name} as (select * from ${source}),
          _pgrst_rows as (select ${name}.* from ${name}${where})
     select ${functionBody[result]}::text as body, ${single ? '1' : 'count(*)'}::text as page,
            (select count(*) from _pgrst_rows)::text as total
       from (select ${columns} from _pgrst_rows as ${name}${order}${paging}) _pgrst_t`,
    params.values,
  );
  const row = rows.rows[0];
  const body = row?.body ?? (single ? 'null' : '[]');
  return pageResponse(
    request,
    single ? 'array' : shape,
    preferences,
    {
      body,
      page: Number(row?.page ?? 0),
      total: preferences.count === null ? null : Number(row?.total ?? 0),
      offset,
    },
    single ? shape : null,
  );
}

/**
 * `limit`/`offset` from the query string intersected with a `Range` header, which PostgREST reads
 * on GET only (RFC 9110 says the header is ignored on other methods).
 */
function pagingClause(
  request: LocalRequest,
  query: ParsedQuery,
  params: Params,
): { offset: number; paging: string } {
  const range = request.method === 'GET' ? parseRangeHeader(request) : null;
  const queryOffset = query.offset ?? 0;
  const queryEnd = query.limit === null ? null : queryOffset + query.limit;
  const headerEnd = range && range.limit !== null ? range.offset + range.limit : null;
  const offset = Math.max(queryOffset, range?.offset ?? 0);
  const ends = [queryEnd, headerEnd].filter((end): end is number => end !== null);
  const end = ends.length > 0 ? Math.min(...ends) : null;
  if (end !== null && end <= offset && query.limit !== 0) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  let paging = '';
  if (end !== null) paging += ` limit ${params.add(query.limit === 0 ? 0 : end - offset)}`;
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
  /** The media type to announce when the body is already one value (a function's single row). */
  singleValueShape: ResponseShape | null = null,
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
    page === 0 || total === 0 ? `*/${totalText}` : `${offset}-${offset + page - 1}/${totalText}`;
  const partial = total !== null && page < total;
  const headers: Record<string, string> = {
    ...((singleValueShape ?? shape) === 'object' ? objectHeaders : jsonHeaders),
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

/**
 * Columns to write: `columns=` if given (other keys are ignored), else the keys of the payload,
 * which must be the same in every object (PGRST102), as PostgREST requires.
 */
function writeColumns(table: TableInfo, rows: JsonObject[], query: ParsedQuery): string[] {
  let columns: string[];
  if (query.columns) {
    columns = query.columns;
  } else {
    const first = Object.keys(rows[0] ?? {});
    const sameKeys = rows.every((row) => {
      const keys = Object.keys(row);
      return keys.length === first.length && first.every((key) => key in row);
    });
    if (!sameKeys) throw new RestError(400, 'PGRST102', 'All object keys must match');
    columns = first;
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
  /** The status without a body: 204 for PATCH and DELETE, the insert's own for POST. */
  minimalStatus = 204,
): LocalResponse {
  const headers: Record<string, string> = {
    'Content-Range': `*/${preferences.count ? rows.total : '*'}`,
  };
  if (preferences.applied.length > 0)
    headers['Preference-Applied'] = preferences.applied.join(', ');
  if (shape === 'object' && rows.total !== 1) throw singularityError(rows.total);
  if (preferences.returning !== 'representation') {
    return { status: minimalStatus, headers, body: null };
  }
  return {
    status,
    headers: { ...(shape === 'object' ? objectHeaders : jsonHeaders), ...headers },
    body: shapeBody(rows, shape),
  };
}

/**
 * The payload as records of the table: `json_populate_record(set)`, or under `missing=default`
 * the columns' defaults merged under each object first (`jsonb_build_object(defaults) || row`),
 * as PostgREST's payload query does, so a left-out key takes its default instead of null.
 */
async function recordSource(
  tx: Queryable,
  table: TableInfo,
  columns: string[],
  payload: JsonObject | JsonObject[],
  params: Params,
  missingDefault: boolean,
): Promise<string> {
  const tbl = tableRef(table);
  const many = Array.isArray(payload);
  const body = params.add(JSON.stringify(payload));
  if (!missingDefault) {
    return `json_populate_record${many ? 'set' : ''}(null::${tbl}, ${body}::json)`;
  }
  const defaults = await columnDefaults(tx, table.name, columns);
  const pairs = [...defaults].map(([column, expr]) => `${params.add(column)}::text, ${expr}`);
  const withDefaults = `jsonb_build_object(${pairs.join(', ')})`;
  return many
    ? `jsonb_populate_recordset(null::${tbl}, (select jsonb_agg(${withDefaults} || _pgrst_elem) from jsonb_array_elements(${body}::jsonb) _pgrst_elem))`
    : `jsonb_populate_record(null::${tbl}, ${withDefaults} || ${body}::jsonb)`;
}

/** PostgREST's count of the rows an upsert inserted rather than updated (`pgrst.inserted`). */
function countInserted(add: boolean): string {
  return `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;
}

/**
 * `POST /table`: one `insert ... select ... from json_populate_recordset(...)` as PostgREST builds
 * it. `Prefer: missing=default` merges each column's default into every row before (PostgREST's
 * `jsonb_build_object(defaults) || row`), so a key a row leaves out takes the default, not null.
 * `Prefer: resolution=merge-duplicates|ignore-duplicates` makes it an upsert on `on_conflict=`
 * (else the primary key; with neither it is refused, where PostgREST would plain-insert): `on conflict do
 * update set` every written column, or `do nothing`. RLS applies as Postgres applies it: the
 * insert policy, and for a merge the update policy on the existing row. A merge that inserted
 * nothing answers 200, else 201.
 */
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
  if (query.limit !== null || query.offset !== null || query.order.length > 0)
    throw unsupported('limit/offset/order on POST');
  if (preferences.returning === 'headers-only') throw unsupported('Prefer: return=headers-only');
  if (rows.length === 0)
    return writeResponse(201, { total: 0, body: '[]' }, shape, preferences, 201);

  const columns = writeColumns(table, rows, query);
  const conflictColumns = preferences.resolution
    ? (query.onConflict ?? table.primaryKey ?? [])
    : [];
  // PostgREST makes this a plain insert; refused here rather than silently not upserting.
  if (preferences.resolution && conflictColumns.length === 0)
    throw unsupported(`Prefer: resolution on '${table.name}' (no primary key) without on_conflict`);
  const merge = preferences.resolution === 'merge-duplicates' && conflictColumns.length > 0;
  const params = new Params();
  const tbl = tableRef(table);
  const source = await recordSource(tx, table, columns, rows, params, preferences.missingDefault);
  const list = columns.map(quoteIdent).join(', ');
  let mutation = `insert into ${tbl}${columns.length > 0 ? ` (${list})` : ''}
    select ${list} from ${source} _pgrst_body${merge ? ` where ${countInserted(true)}` : ''}`;
  if (conflictColumns.length > 0) {
    mutation += ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) `;
    mutation +=
      preferences.resolution === 'ignore-duplicates' || columns.length === 0
        ? 'do nothing'
        : `do update set ${columns.map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`).join(', ')} where ${countInserted(false)}`;
  }
  const result = await runMutation(tx, mutation, params, table, query, preferences);
  let status = 201;
  if (merge) {
    const inserted = await tx.query<{ inserted: number | null }>(
      `select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`,
    );
    if ((inserted.rows[0]?.inserted ?? 0) <= 0) status = 200;
  }
  return writeResponse(status, result, shape, preferences, status);
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
  const columns = writeColumns(table, [payload], query);
  if (columns.length === 0)
    return writeResponse(
      200,
      { total: 0, body: '[]' },
      shape === 'object' ? 'array' : shape,
      preferences,
    );
  const params = new Params();
  const body = await recordSource(tx, table, columns, payload, params, preferences.missingDefault);
  const assignments = columns
    .map((column) => `${quoteIdent(column)} = _pgrst_body.${quoteIdent(column)}`)
    .join(', ');
  const mutation = `update ${tableRef(table)} set ${assignments}
    from (select * from ${body}) _pgrst_body${whereClause(table, query.filters, params)}`;
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
