import type { Queryable } from '../db/database.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { Preferences } from './preferences.ts';
import type { ParsedQuery } from './query-parser.ts';
import { isJsonObject, parseJsonBody } from './request-body.ts';
import { RestError } from './rest-error.ts';
import { EXPOSED_SCHEMA, closestName, quoteIdent } from './schema-cache.ts';
import { Params } from './sql-builder.ts';
import { readFunctionRows } from './table-handler.ts';

interface RoutineRow {
  oid: number;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  defaults: number;
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  /** The columns of the table or view whose rows a `setof` function returns; else null. */
  row_columns: string[] | null;
}

/**
 * `POST /rpc/<fn>` with named JSON arguments, for functions in the exposed schema. The rows of a
 * function returning a set of a table's or view's rows are read as that table is (select,
 * filters, order, limit/offset or Range, count), as PostgREST does.
 */
export async function callFunction(
  tx: Queryable,
  request: LocalRequest,
  name: string,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  if (request.method !== 'POST') {
    throw new RestError(
      400,
      'PGRST100',
      `${request.method} /rpc is not supported by the local backend; use POST`,
    );
  }
  const payload = parseJsonBody(request, true);
  if (!isJsonObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const keys = Object.keys(payload).sort();

  const routines = await tx.query<RoutineRow>(
    `select p.oid::int as oid, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as defaults, p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type, rt.typtype::text as return_kind,
            case when p.proretset and rt.typrelid <> 0 then array(
              select a.attname::text from pg_catalog.pg_attribute a
               where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped
               order by a.attnum) end as row_columns
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [EXPOSED_SCHEMA, name],
  );
  const routine = routines.rows.find((row) => {
    const inputs = (row.arg_names ?? []).slice(0, row.arg_types.length);
    const required = inputs.slice(0, inputs.length - row.defaults);
    return keys.every((key) => inputs.includes(key)) && required.every((arg) => keys.includes(arg));
  });
  if (!routine) throw await functionNotFound(tx, name, keys);
  if (routine.arg_modes?.some((mode) => mode === 'v'))
    throw new RestError(
      400,
      'PGRST100',
      'Variadic functions are not supported by the local backend',
    );

  const params = new Params();
  const json = keys.length > 0 ? params.add(JSON.stringify(payload)) : '';
  const inputs = (routine.arg_names ?? []).slice(0, routine.arg_types.length);
  const args = inputs
    .map((arg, index) =>
      keys.includes(arg)
        ? `${quoteIdent(arg)} := (${json}::json ->> ${params.add(arg)})::${routine.arg_types[index] ?? 'text'}`
        : null,
    )
    .filter((arg): arg is string => arg !== null)
    .join(', ');
  const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}(${args})`;

  if (routine.row_columns) {
    const bound = params.values;
    return readFunctionRows(
      tx,
      request,
      { name, columns: routine.row_columns },
      (rowParams) => {
        // The call's placeholders are $1.. of `params`; they open the read's own parameters.
        for (const value of bound) rowParams.add(value);
        return `${call} as ${quoteIdent(name)}`;
      },
      query,
      preferences,
    );
  }

  if (routine.return_type === 'void') {
    await tx.query(`select ${call}`, params.values);
    return { status: 204, body: null };
  }
  const sql =
    routine.returns_set || routine.return_kind === 'c'
      ? `select coalesce(json_agg(_pgrst_t), '[]')::text as body from ${call} _pgrst_t`
      : `select to_json(${call})::text as body`;
  const result = await tx.query<{ body: string | null }>(sql, params.values);
  let body = result.rows[0]?.body ?? 'null';
  if (!routine.returns_set && routine.return_kind === 'c')
    body = JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null);
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body };
}

async function functionNotFound(tx: Queryable, name: string, keys: string[]): Promise<RestError> {
  const all = await tx.query<{ proname: string }>(
    `select distinct p.proname from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace where n.nspname = $1`,
    [EXPOSED_SCHEMA],
  );
  const suggestion = closestName(
    name,
    all.rows.map((row) => row.proname),
  );
  const withParams = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const detailParams =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${EXPOSED_SCHEMA}.${name}${withParams} in the schema cache`,
    `Searched for the function ${EXPOSED_SCHEMA}.${name}${detailParams} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion ? `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${suggestion}` : null,
  );
}
