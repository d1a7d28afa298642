import type { Database } from '../db/database.ts';
import type { LocalRequest, LocalResponse } from '../http.ts';
import type { JwtKeys } from '../jwt.ts';
import { checkProfile, parsePreferences } from './preferences.ts';
import { parseQuery } from './query-parser.ts';
import { applyRequestSettings, resolveRole } from './request-auth.ts';
import { RestError, restErrorResponse, toRestError, unsupported } from './rest-error.ts';
import { callFunction } from './rpc-handler.ts';
import { loadTable } from './schema-cache.ts';
import { deleteRows, insertRows, readTable, updateRows } from './table-handler.ts';

const readMethods = new Set(['GET', 'HEAD']);

function decodePath(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

/** `/rest/v1/*`: each request is one transaction run as the JWT's role, so RLS and grants decide. */
export async function handleRest(
  request: LocalRequest,
  db: Database,
  keys: JwtKeys,
): Promise<LocalResponse> {
  let isAnon = true;
  try {
    const segments = decodePath(request.path);
    if (segments.length === 0) throw unsupported('The OpenAPI root endpoint');
    const isRpc = segments[0] === 'rpc' && segments.length === 2;
    if (segments.length !== 1 && !isRpc)
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'].includes(request.method)) {
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
    }
    if (request.method === 'PUT') throw unsupported('PUT (single-row upsert)');

    const role = await resolveRole(request, keys);
    isAnon = role.role === 'anon';
    checkProfile(request);
    const preferences = parsePreferences(request);
    const readOnly = readMethods.has(request.method);
    const query = parseQuery(request.url.searchParams, { rpcRead: isRpc && readOnly });
    // PostgREST ignores these where they mean nothing; refused here, so no request relies on them.
    const insert = request.method === 'POST' && !isRpc;
    if (query.onConflict && !(insert && preferences.resolution))
      throw unsupported(
        insert
          ? 'on_conflict without Prefer: resolution=merge-duplicates or ignore-duplicates'
          : `The on_conflict parameter on ${isRpc ? '/rpc' : request.method}`,
      );
    if (query.columns && !isRpc && (readOnly || request.method === 'DELETE'))
      throw unsupported(`The columns parameter on ${request.method}`);

    return await db.transaction(
      async (tx) => {
        if (isRpc) {
          await applyRequestSettings(tx, request, role);
          return callFunction(tx, request, segments[1] ?? '', query, preferences);
        }
        const table = await loadTable(tx, segments[0] ?? '');
        await applyRequestSettings(tx, request, role);
        switch (request.method) {
          case 'GET':
          case 'HEAD':
            return readTable(tx, request, table, query, preferences);
          case 'POST':
            return insertRows(tx, request, table, query, preferences);
          case 'PATCH':
            return updateRows(tx, request, table, query, preferences);
          default:
            return deleteRows(tx, request, table, query, preferences);
        }
      },
      { readOnly },
    );
  } catch (error) {
    return restErrorResponse(toRestError(error, isAnon));
  }
}
