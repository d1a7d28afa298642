import { vi } from 'vitest';

import type { AppSupabaseClient } from '@/lib/supabase';

/** One call on a query builder, e.g. ['eq', 'status', 'new']. */
export type Call = [method: string, ...args: unknown[]];
export type Result = { data?: unknown; error?: unknown; count?: number | null };
export type TableHandler = (calls: Call[]) => Result | Promise<Result>;
export type RpcHandler = (
  args: Record<string, unknown> | undefined,
  /** The filters, order and range chained on the call (a function returning rows). */
  calls: Call[],
) => Result | Promise<Result>;

/**
 * The supabase-js client at the edge of the admin components: `from(table)` gives a chainable,
 * awaitable builder that records its calls and answers with the table's handler; `rpc(name)`
 * gives one that answers with the function's handler. Auth gives only the session of `userId`.
 */
export function createFakeAdminClient(
  options: {
    tables?: Record<string, TableHandler>;
    rpc?: Record<string, RpcHandler>;
    userId?: string;
  } = {},
) {
  const queries: { table: string; calls: Call[] }[] = [];
  const rpcCalls: { name: string; args: Record<string, unknown> | undefined }[] = [];
  /** What was chained on each call, in the order of rpcCalls. */
  const rpcQueries: { name: string; calls: Call[] }[] = [];

  function chain(calls: Call[], answer: () => Result | Promise<Result>) {
    const builder: Record<string, unknown> = {};
    for (const method of [
      'select',
      'eq',
      'neq',
      'in',
      'is',
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
        .then(answer)
        .then((result) => ({ data: null, error: null, count: null, ...result }))
        .then(resolve, reject);
    return builder;
  }

  function from(table: string) {
    const calls: Call[] = [];
    queries.push({ table, calls });
    const handler = options.tables?.[table] ?? (() => ({ data: [], error: null }));
    return chain(calls, () => handler(calls));
  }

  const rpc = vi.fn((name: string, args?: Record<string, unknown>) => {
    const calls: Call[] = [];
    rpcCalls.push({ name, args });
    rpcQueries.push({ name, calls });
    const handler = options.rpc?.[name];
    return chain(calls, () =>
      handler ? handler(args, calls) : { data: null, error: { message: 'no handler' } },
    );
  });

  const auth = {
    getSession: vi.fn(async () => ({
      data: { session: options.userId ? { user: { id: options.userId } } : null },
      error: null,
    })),
  };

  const client = { from: vi.fn(from), rpc, auth } as unknown as AppSupabaseClient;
  return { client, queries, rpcCalls, rpcQueries };
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
