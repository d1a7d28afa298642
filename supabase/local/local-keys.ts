/**
 * The standard local Supabase values, shared by the embedded backend and `supabase start`: the
 * URL, the CLI's local JWT secret and the demo keys signed with it (cli pkg/config/apikeys.go).
 * They are public and only ever valid against a local backend. The backend, the build's
 * fallbacks, the scripts and the tests all take them from here.
 */
export const LOCAL_SUPABASE_PORT = 54321;
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`;
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The local mail API's webhook signing secret (Standard Webhooks, as Resend gives one): the
 * embedded backend signs its emulated delivery events with it and its mail-events function
 * checks them. Public, and only ever valid locally.
 */
export const LOCAL_MAIL_WEBHOOK_SECRET = 'whsec_a2VzdHJlbC1sb2NhbC1tYWlsLXdlYmhvb2stc2VjcmV0';
