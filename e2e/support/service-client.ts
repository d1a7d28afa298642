import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

import type { Database } from '../../src/lib/database.types';

export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const SERVICE_ROLE_KEY =
  process.env.SUPABASE_SERVICE_ROLE_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** A service-role client for checking what the browser really stored (tests only). */
export function serviceClient() {
  return createClient<Database>(LOCAL_SUPABASE_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** An address no other test uses, so counts per e-mail are this test's alone. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
