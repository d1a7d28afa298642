/**
 * The Node side's environment, checked in one schema: the embedded backend (supabase/local), its
 * mail sender and the CLI scripts. Each variable is trimmed; an empty one counts as unset and
 * takes its default. A reader takes the checked values it needs; the first use of a bad value
 * fails with messages that each name the variable.
 */
import { z } from 'zod';

import { unverifiedClaims } from '../../supabase/local/jwt.ts';
import { LOCAL_SUPABASE_PORT } from '../../supabase/local/local-keys.ts';

export class EnvError extends Error {}

const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/** An optional variable: trimmed, with '' as unset. */
const text = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined);

/** An optional http(s) URL. */
const httpUrl = (name: string) =>
  text().refine((value) => value === undefined || isHttpUrl(value), {
    error: (issue) => `${name} must be an http(s) URL, got "${String(issue.input).trim()}"`,
  });

const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;
const NAMED_MAIL_ADDRESS = /^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$/;
const address = (name: string) =>
  text().refine(
    (value) => value === undefined || MAIL_ADDRESS.test(value) || NAMED_MAIL_ADDRESS.test(value),
    {
      error: (issue) =>
        `${name} must be an e-mail address (or "Name <address>"), got "${String(issue.input).trim()}"`,
    },
  );

export const nodeEnvSchema = z.object({
  LOCAL_SUPABASE_PORT: text()
    .transform((value) => value ?? String(LOCAL_SUPABASE_PORT))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
      error: (issue) =>
        `LOCAL_SUPABASE_PORT must be a port number between 1 and 65535, got "${String(issue.input).trim()}"`,
    })
    .transform(Number),
  LOCAL_SUPABASE_AUTOCONFIRM: text()
    .transform((value) => value?.toLowerCase() ?? 'false')
    .refine((value) => value === 'true' || value === 'false', {
      error: (issue) =>
        `LOCAL_SUPABASE_AUTOCONFIRM must be "true" or "false", got "${String(issue.input)}"`,
    })
    .transform((value) => value === 'true'),
  SITE_URL: text()
    .transform((value) => value ?? 'http://localhost:5173')
    .refine(isHttpUrl, {
      error: (issue) => `SITE_URL must be an http(s) URL, got "${String(issue.input).trim()}"`,
    }),
  DATABASE_URL: text().refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
  }),
  LOCAL_SUPABASE_DB: text()
    .transform((value) => value ?? 'file')
    .refine((value) => value === 'memory' || value === 'file', {
      error: (issue) =>
        `LOCAL_SUPABASE_DB must be "memory" or "file" (PostgreSQL kept under .local/postgres), got "${String(issue.input).trim()}"`,
    }),
  // As root (CI, containers) the embedded PostgreSQL runs as this OS user; PostgreSQL refuses root.
  LOCAL_POSTGRES_OS_USER: text().refine(
    (value) => value === undefined || /^[a-z_][a-z0-9_.-]*\$?$/i.test(value),
    {
      error: (issue) =>
        `LOCAL_POSTGRES_OS_USER must be the name of an OS user, got "${String(issue.input).trim()}"`,
    },
  ),
  LOCAL_AUTH_LIMITS: text()
    .transform((value) => value ?? 'local')
    .refine((value) => value === 'local' || value === 'config', {
      error: (issue) =>
        `LOCAL_AUTH_LIMITS must be "local" (generous, for tests) or "config" (supabase/config.toml's [auth.rate_limit]), got "${String(issue.input).trim()}"`,
    }),
  MAIL_API_URL: httpUrl('MAIL_API_URL'),
  MAIL_API_KEY: text(),
  MAIL_FROM: address('MAIL_FROM'),
  ENQUIRY_NOTIFY_TO: address('ENQUIRY_NOTIFY_TO'),
  LOCAL_ENQUIRY_MAIL_INTERVAL_MS: text()
    .transform((value) => value ?? '3000')
    .refine((value) => /^\d+$/.test(value) && (Number(value) === 0 || Number(value) >= 250), {
      error: (issue) =>
        `LOCAL_ENQUIRY_MAIL_INTERVAL_MS must be 0 (no timer) or at least 250 milliseconds, got "${String(issue.input).trim()}"`,
    })
    .transform(Number),
  LOCAL_ENQUIRY_LIMITS: text()
    .transform((value) => value ?? 'local')
    .refine((value) => value === 'local' || value === 'migrated', {
      error: (issue) =>
        `LOCAL_ENQUIRY_LIMITS must be "local" or "migrated", got "${String(issue.input).trim()}"`,
    }),
  SUPABASE_URL: httpUrl('SUPABASE_URL'),
  // npm run setup:hosted: the hosted project's ref, its database (the dashboard's connection
  // string, password included) and the CLI's Management API token (or `supabase login`).
  SUPABASE_PROJECT_REF: text().refine((value) => value === undefined || /^[a-z]{20}$/.test(value), {
    error: (issue) =>
      `SUPABASE_PROJECT_REF must be a project ref (20 lower-case letters, as in https://<ref>.supabase.co), got "${String(issue.input).trim()}"`,
  }),
  SUPABASE_DB_URL: text().refine(
    (value) => value === undefined || (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)),
    {
      message:
        'SUPABASE_DB_URL must be a postgres:// or postgresql:// connection URL, its password percent-encoded',
    },
  ),
  SUPABASE_ACCESS_TOKEN: text(),
  VITE_SUPABASE_URL: httpUrl('VITE_SUPABASE_URL'),
  SUPABASE_SERVICE_ROLE_KEY: text().superRefine((key, context) => {
    if (key === undefined) return;
    const role = unverifiedClaims(key)?.role;
    if (key.startsWith('sb_publishable_')) {
      context.addIssue({
        code: 'custom',
        message:
          'SUPABASE_SERVICE_ROLE_KEY holds a publishable key; use the secret (service-role) key.',
      });
    } else if (typeof role === 'string' && role !== 'service_role') {
      context.addIssue({
        code: 'custom',
        message: `SUPABASE_SERVICE_ROLE_KEY holds a key for the "${role}" role; use the service-role key.`,
      });
    }
  }),
});

export type NodeEnv = z.infer<typeof nodeEnvSchema>;
type NodeEnvName = keyof NodeEnv;

/**
 * The checked values of the named variables, and only those; an EnvError lists every bad one of
 * them.
 */
export function readNodeEnv<K extends NodeEnvName>(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly K[],
): Pick<NodeEnv, K> {
  const given = Object.fromEntries(names.map((name) => [name, env[name]]));
  const result = nodeEnvSchema.safeParse(given);
  if (result.success) {
    return Object.fromEntries(names.map((name) => [name, result.data[name]])) as Pick<NodeEnv, K>;
  }
  throw new EnvError(result.error.issues.map((issue) => issue.message).join('\n'));
}
