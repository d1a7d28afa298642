import type { Queryable } from '../db/database.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { Preferences } from './preferences.ts';
import type { ParsedQuery } from './query-parser.ts';
import { isJsonObject, parseJsonBody } from './request-body.ts';
import type { JsonObject } from './request-body.ts';
import { RestError, unsupported } from './rest-error.ts';
import { EXPOSED_SCHEMA, closestName, quoteIdent } from './schema-cache.ts';
import type { Params } from './sql-builder.ts';
import { readFunctionRows } from './table-handler.ts';
import type { FunctionResult } from './table-handler.ts';

interface RoutineRow {
  oid: number;
  /** Names and types of the input parameters (IN, INOUT, VARIADIC), in order. */
  input_names: (string | null)[];
  input_types: string[];
  /** Names of the output columns of `returns table` or OUT parameters. */
  output_names: string[];
  variadic: boolean;
  defaults: number;
  returns_set: boolean;
  return_type: string;
  return_kind: string;
  /** The columns of the table, view or composite type the function returns; else null. */
  row_columns: string[] | null;
}

/**
 * `/rpc/<fn>` for functions in the exposed schema, as PostgREST calls them: `POST` with named
 * JSON arguments, `GET`/`HEAD` with the arguments in the query string (a parameter whose value is
 * no filter). Whatever the function returns is read as a table (PostgREST wraps the call as
 * `select ... from fn(args) as t`): select, filters, order, limit/offset or Range and the exact
 * count apply to rows of a table, view, composite type or `returns table`, and to a scalar too,
 * read as one column `pgrst_scalar` (so a filter on any other name is 42703, as there).
 */
export async function callFunction(
  tx: Queryable,
  request: LocalRequest,
  name: string,
  query: ParsedQuery,
  preferences: Preferences,
): Promise<LocalResponse> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (!read && request.method !== 'POST') {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
  if (query.columns) throw unsupported('The columns parameter on /rpc');
  if (query.onConflict) throw unsupported('The on_conflict parameter on /rpc');
  if (!read && query.args.size > 0) throw unsupported('Arguments in the query string of POST /rpc');
  let payload: JsonObject;
  if (read) {
    payload = Object.fromEntries(query.args);
  } else {
    const body = parseJsonBody(request, true);
    if (Array.isArray(body)) throw unsupported('A JSON array body on /rpc (one call per object)');
    if (!isJsonObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
    payload = body;
  }
  const keys = Object.keys(payload).sort();

  const routines = await tx.query<RoutineRow>(
    `select p.oid::int as oid,
            array(select p.proargnames[i]
                    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i
                   where coalesce(p.proargmodes[i], 'i') in ('i', 'b', 'v') order by i) as input_names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as input_types,
            array(select p.proargnames[i]
                    from generate_series(1, coalesce(array_length(p.proargmodes, 1), 0)) i
                   where p.proargmodes[i] in ('o', 'b', 't') order by i) as output_names,
            coalesce('v' = any (p.proargmodes::text[]), false) as variadic,
            p.pronargdefaults::int as defaults, p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type, rt.typtype::text as return_kind,
            case when rt.typrelid <> 0 then array(
              select a.attname::text from pg_catalog.pg_attribute a
               where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped
               order by a.attnum) end as row_columns
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [EXPOSED_SCHEMA, name],
  );
  const candidates = routines.rows.filter((row) => {
    const inputs = row.input_names.filter((arg): arg is string => arg !== null);
    if (inputs.length !== row.input_names.length) return false;
    const required = inputs.slice(0, inputs.length - row.defaults);
    return keys.every((key) => inputs.includes(key)) && required.every((arg) => keys.includes(arg));
  });
  if (candidates.length === 0) {
    if (routines.rows.some((row) => row.input_names.some((arg) => arg === null)))
      throw unsupported('Functions with unnamed parameters on /rpc');
    throw await functionNotFound(tx, name, keys);
  }
  if (candidates.length > 1) throw ambiguous(name, candidates.length);
  const routine = candidates[0] as RoutineRow;
  if (routine.variadic) throw unsupported('Variadic functions on /rpc');

  const inputs = routine.input_names as string[];
  const callArgs = (params: Params) => {
    const json = keys.length > 0 ? params.add(JSON.stringify(payload)) : '';
    return inputs
      .map((arg, index) =>
        keys.includes(arg)
          ? `${quoteIdent(arg)} := (${json}::json ->> ${params.add(arg)})::${routine.input_types[index] ?? 'text'}`
          : null,
      )
      .filter((arg): arg is string => arg !== null)
      .join(', ');
  };
  const fn = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;
  const alias = quoteIdent(name);

  let result: FunctionResult;
  let columns: string[];
  let call: (params: Params) => string;
  const rowColumns =
    routine.row_columns ??
    (routine.return_type === 'record' && routine.output_names.length > 0
      ? routine.output_names
      : null);
  if (rowColumns) {
    result = routine.returns_set ? 'rows' : 'row';
    columns = rowColumns;
    call = (params) => `${fn}(${callArgs(params)}) as ${alias}`;
  } else if (routine.return_type === 'record') {
    throw unsupported(`Functions returning an undeclared record ('${name}')`);
  } else {
    result = routine.returns_set ? 'scalars' : 'scalar';
    columns = ['pgrst_scalar'];
    call = (params) => `(select ${fn}(${callArgs(params)}) as pgrst_scalar) as ${alias}`;
  }
  const response = await readFunctionRows(
    tx,
    request,
    { name, columns },
    call,
    query,
    preferences,
    result,
  );
  if (routine.return_type !== 'void') return response;
  // PostgREST answers a void function with 204 and no body (the Content-Range stays).
  const headers = { ...response.headers };
  delete headers['Content-Type'];
  return { status: 204, headers, body: null };
}

function ambiguous(name: string, count: number): RestError {
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between ${count} overloads of ${EXPOSED_SCHEMA}.${name}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
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
