import { vi } from 'vitest';

import type { AppSupabaseClient } from '@/lib/supabase';

/** One call on a query builder, e.g. ['eq', 'status', 'new']. */
export type Call = [method: string, ...args: unknown[]];
export type Result = { data?: unknown; error?: unknown; count?: number | null };
export type TableHandler = (calls: Call[]) => Result | Promise<Result>;
export type RpcHandler = (args: Record<string, unknown> | undefined) => Result | Promise<Result>;

/**
 * The supabase-js client at the edge of the admin components: `from(table)` gives a chainable,
 * awaitable builder that records its calls and answers with the table's handler; `rpc(name)`
 * answers with the function's handler. Auth is not needed here (the page owns it).
 */
export function createFakeAdminClient(
  options: { tables?: Record<string, TableHandler>; rpc?: Record<string, RpcHandler> } = {},
) {
  const queries: { table: string; calls: Call[] }[] = [];
  const rpcCalls: { name: string; args: Record<string, unknown> | undefined }[] = [];

  function from(table: string) {
    const calls: Call[] = [];
    queries.push({ table, calls });
    const handler = options.tables?.[table] ?? (() => ({ data: [], error: null }));
    const builder: Record<string, unknown> = {};
    for (const method of [
      'select',
      'eq',
      'neq',
      'in',
      'not',
      'or',
      'order',
      'limit',
      'range',
      'insert',
      'update',
      'overrideTypes',
    ]) {
      builder[method] = (...args: unknown[]) => {
        calls.push([method, ...args]);
        return builder;
      };
    }
    builder.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
      Promise.resolve()
        .then(() => handler(calls))
        .then((result) => ({ data: null, error: null, count: null, ...result }))
        .then(resolve, reject);
    return builder;
  }

  const rpc = vi.fn(async (name: string, args?: Record<string, unknown>) => {
    rpcCalls.push({ name, args });
    const handler = options.rpc?.[name];
    const result = handler ? await handler(args) : { data: null, error: { message: 'no handler' } };
    return { data: null, error: null, ...result };
  });

  const client = { from: vi.fn(from), rpc } as unknown as AppSupabaseClient;
  return { client, queries, rpcCalls };
}

/** True for a HEAD count query: select(columns, { head: true }). */
export function isHeadCount(calls: Call[]): boolean {
  return calls.some(
    ([method, , options]) =>
      method === 'select' && (options as { head?: boolean } | undefined)?.head === true,
  );
}

/** The value of the first eq(column, value) call, if any. */
export function eqValue(calls: Call[], column: string): unknown {
  return calls.find(([method, name]) => method === 'eq' && name === column)?.[2];
}
