import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startLocalSupabase } from '../../../supabase/local/server.ts';
import type { LocalSupabase, LocalSupabaseOptions } from '../../../supabase/local/server.ts';

export type TestBackend = LocalSupabase;

export type TestBackendOptions = Partial<Omit<LocalSupabaseOptions, 'db'>> & {
  db?: LocalSupabaseOptions['db'];
};

/** A throwaway database on the DATABASE_URL server: created for this run, dropped on stop. */
async function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `local_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts the embedded backend on a random port: on a throwaway PostgreSQL cluster of its own by
 * default, or on a fresh database of the server named by DATABASE_URL when that is set.
 */
export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const serverUrl = process.env.DATABASE_URL;
  if (options.db || !serverUrl) {
    return startLocalSupabase({ port: 0, ...options, db: options.db ?? { kind: 'memory' } });
  }
  const throwaway = await createThrowawayDatabase(serverUrl);
  try {
    const backend = await startLocalSupabase({
      port: 0,
      ...options,
      db: { kind: 'postgres', url: throwaway.url },
    });
    return {
      ...backend,
      async stop() {
        await backend.stop();
        await throwaway.drop();
      },
    };
  } catch (error) {
    await throwaway.drop().catch(() => {});
    throw error;
  }
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // supabase-js refuses to start on Node 20 without a WebSocket implementation for realtime.
  realtime: { transport: WebSocket as never },
};

export function anonClient(backend: Pick<LocalSupabase, 'url' | 'anonKey'>): SupabaseClient {
  return createClient(backend.url, backend.anonKey, clientOptions);
}

export function serviceClient(
  backend: Pick<LocalSupabase, 'url' | 'serviceRoleKey'>,
): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, clientOptions);
}

export interface CreatedUser {
  id: string;
  email: string;
}

/** Creates a user through the admin API (confirmed unless `confirmed: false`). */
export async function createUser(
  backend: Pick<LocalSupabase, 'url' | 'serviceRoleKey'>,
  user: {
    email: string;
    password: string;
    confirmed?: boolean;
    userMetadata?: Record<string, unknown>;
  },
): Promise<CreatedUser> {
  const { data, error } = await serviceClient(backend).auth.admin.createUser({
    email: user.email,
    password: user.password,
    email_confirm: user.confirmed ?? true,
    user_metadata: user.userMetadata ?? {},
  });
  if (error) throw new Error(`createUser(${user.email}) failed: ${error.message}`);
  return { id: data.user.id, email: user.email };
}

/** An anon-key client signed in with e-mail and password; throws when sign-in fails. */
export async function signedInClient(
  backend: Pick<LocalSupabase, 'url' | 'anonKey'>,
  email: string,
  password: string,
): Promise<SupabaseClient> {
  const client = anonClient(backend);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`signInWithPassword(${email}) failed: ${error.message}`);
  return client;
}
