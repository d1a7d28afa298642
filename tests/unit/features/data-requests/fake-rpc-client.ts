import type { AppSupabaseClient } from '@/lib/supabase';

export type RpcResult = {
  data?: unknown;
  error?: { code?: string; message: string; hint?: string };
};
export type RpcHandler = (args: Record<string, unknown> | undefined) => RpcResult;

/** The supabase-js client at the edge of these panels: only rpc(name, args), answered by handler. */
export function createFakeRpcClient(handlers: Record<string, RpcHandler>) {
  const calls: { name: string; args: Record<string, unknown> | undefined }[] = [];
  const client = {
    rpc(name: string, args?: Record<string, unknown>) {
      calls.push({ name, args });
      const handler = handlers[name];
      if (!handler) throw new Error(`unexpected rpc ${name}`);
      return Promise.resolve({ data: null, error: null, ...handler(args) });
    },
  } as unknown as AppSupabaseClient;
  return { client, calls };
}
