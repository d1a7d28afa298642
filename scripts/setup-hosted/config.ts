/**
 * What `npm run setup:hosted` needs, read and checked before anything runs: every missing or
 * malformed value is named in one error, so an operator fixes `.env` once rather than once per
 * run. The checks of each variable's form are node-env.ts's; the ones here are what only a hosted
 * set-up needs (a value must be present, the key must belong to the project, the form of
 * MAIL_INBOUND_DOMAIN, which only the Edge Functions read).
 */
import { parseArgs } from 'node:util';

import { unverifiedClaims } from '../../supabase/local/jwt.ts';
import type { Env } from '../env/load-env.ts';
import { EnvError, readNodeEnv } from '../env/node-env.ts';

export const USAGE = `Usage: npm run setup:hosted -- [--dry-run] [--only database]

Takes a new Supabase project to a working backend: pushes the migrations, deploys every Edge
Function, sets the mail settings as their secrets, stores the send-enquiry-mail function's URL
(the other scheduled function is found beside it) and the service-role key in Vault, then checks
that the mail sender answers and every scheduled job is in cron.job. Running it again changes
nothing.

  --dry-run         print every step (secrets masked) and run none of them
  --only database   run only the database steps (migrations, Vault, the schedules check) against
                    SUPABASE_DB_URL; print the rest as --dry-run does
  --help            this text

Reads, from the environment or .env, .env.local, .env.production, .env.production.local:
  SUPABASE_PROJECT_REF       the project ref (https://<ref>.supabase.co)
  SUPABASE_DB_URL            the database connection string, password included
  SUPABASE_SERVICE_ROLE_KEY  the project's service_role key (a JWT)
  MAIL_API_URL               the Resend-style mail API (default https://api.resend.com)
  MAIL_API_KEY               its key
  MAIL_FROM                  the sender, e.g. "Kestrel Data <enquiries@your-domain>"
  MAIL_INBOUND_DOMAIN        the domain the mail API receives replies on (Resend: Emails →
                             Receiving), e.g. reply.your-domain or <id>.resend.app
  ENQUIRY_NOTIFY_TO          the staff inbox notified of each enquiry
  SITE_URL                   the site's origin, for links in the mail
  SUPABASE_ACCESS_TOKEN      a personal access token: for the Auth settings (Management API),
                             and the CLI's deploy and secrets unless \`npx supabase login\` was run
  MAIL_WEBHOOK_SECRET        the signing secret (whsec_…) of the mail API's webhook to the
                             mail-events function (delivery events and received mail); left out,
                             the webhook is registered with the mail API and its new secret used
                             (save it here for the next run)`;

export const DEFAULT_MAIL_API_URL = 'https://api.resend.com';

/** The function's secrets, in the order they are set and printed. */
export const FUNCTION_SECRET_NAMES = [
  'MAIL_API_URL',
  'MAIL_API_KEY',
  'MAIL_FROM',
  'MAIL_INBOUND_DOMAIN',
  'ENQUIRY_NOTIFY_TO',
  'SITE_URL',
] as const;
export type FunctionSecretName = (typeof FUNCTION_SECRET_NAMES)[number];

export interface SetupConfig {
  projectRef: string;
  dbUrl: string;
  serviceRoleKey: string;
  accessToken: string | undefined;
  functionSecrets: Record<FunctionSecretName, string>;
  /** The delivery webhook's signing secret, when the webhook is registered already. */
  webhookSecret: string | undefined;
}

export interface SetupOptions {
  dryRun: boolean;
  /** Only the database steps run; the others are printed as in a dry run. */
  onlyDatabase: boolean;
}

export class SetupUsageError extends Error {}

export function parseOptions(argv: readonly string[]): SetupOptions | 'help' {
  let values: { 'dry-run'?: boolean; only?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'dry-run': { type: 'boolean' },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new SetupUsageError(
      `${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
  }
  if (values.help) return 'help';
  if (values.only !== undefined && values.only !== 'database') {
    throw new SetupUsageError(`--only takes "database", got "${values.only}"\n${USAGE}`);
  }
  return { dryRun: values['dry-run'] === true, onlyDatabase: values.only === 'database' };
}

const INBOUND_DOMAIN_WHAT =
  'the domain the mail API receives replies on: mail to a prospect carries Reply-To: reply+<token>@<this domain>, ' +
  'and the answer is threaded into the enquiry (Resend: Emails → Receiving; your own subdomain with its MX record, or the <id>.resend.app one)';

/**
 * A bare domain name in lower case, as the mail API shows it: no scheme, no address, no path, and
 * a top-level label that starts with a letter. The functions refuse anything else when they start.
 */
const INBOUND_DOMAIN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const REQUIRED = [
  ['SUPABASE_PROJECT_REF', 'the project ref (https://<ref>.supabase.co)'],
  ['SUPABASE_DB_URL', 'the database connection string (Dashboard → Connect), password included'],
  ['SUPABASE_SERVICE_ROLE_KEY', "the project's service_role key (Dashboard → API keys)"],
  ['MAIL_API_KEY', "the mail API's key"],
  ['MAIL_FROM', 'the sender address, on a domain verified with the mail API'],
  ['MAIL_INBOUND_DOMAIN', INBOUND_DOMAIN_WHAT],
  ['ENQUIRY_NOTIFY_TO', 'the staff address notified of each enquiry'],
  ['SITE_URL', "the site's origin, for the links in the mail"],
] as const;

const given = (env: Env, name: string) => env[name]?.trim() || undefined;

/**
 * The checked settings, or a SetupUsageError whose lines name every missing or malformed value
 * (never a secret's value).
 */
export function readSetupConfig(env: Env): SetupConfig {
  const problems: string[] = [];
  for (const [name, what] of REQUIRED) {
    if (given(env, name) === undefined) problems.push(`${name} is not set: ${what}`);
  }

  const names = [
    'SUPABASE_PROJECT_REF',
    'SUPABASE_DB_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'SUPABASE_ACCESS_TOKEN',
    'MAIL_API_URL',
    'MAIL_API_KEY',
    'MAIL_FROM',
    'ENQUIRY_NOTIFY_TO',
    'SITE_URL',
  ] as const;
  let checked: ReturnType<typeof readNodeEnv<(typeof names)[number]>> | undefined;
  try {
    checked = readNodeEnv(env, names);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    problems.push(...error.message.split('\n'));
  }

  // The ref the key is compared with, when it is a ref at all (else its own problem is listed).
  const ref = checked?.SUPABASE_PROJECT_REF ?? given(env, 'SUPABASE_PROJECT_REF');
  const refIsValid = ref !== undefined && /^[a-z]{20}$/.test(ref);
  const key = given(env, 'SUPABASE_SERVICE_ROLE_KEY');
  if (key !== undefined) {
    const claims = unverifiedClaims(key);
    if (key.startsWith('sb_secret_')) {
      problems.push(
        'SUPABASE_SERVICE_ROLE_KEY holds a secret API key (sb_secret_…); use the service_role JWT ' +
          '(Dashboard → API keys → Legacy): the function compares the caller with that key.',
      );
    } else if (claims === null) {
      problems.push('SUPABASE_SERVICE_ROLE_KEY is not a JWT; use the service_role key.');
    } else if (claims.iss === 'supabase-demo') {
      problems.push(
        "SUPABASE_SERVICE_ROLE_KEY is the local demo key; use the hosted project's service_role key.",
      );
    } else if (refIsValid && typeof claims.ref === 'string' && claims.ref !== ref) {
      problems.push(
        `SUPABASE_SERVICE_ROLE_KEY belongs to project ${claims.ref}, not SUPABASE_PROJECT_REF ${ref}.`,
      );
    }
  }

  // The secrets travel in a .env file, each value in single quotes (no escapes, no expansion).
  for (const name of FUNCTION_SECRET_NAMES) {
    const value = given(env, name);
    if (value !== undefined && /['\r\n]/.test(value)) {
      problems.push(`${name} cannot contain a single quote or a line break.`);
    }
  }

  const inboundDomain = given(env, 'MAIL_INBOUND_DOMAIN');
  if (inboundDomain !== undefined && !INBOUND_DOMAIN.test(inboundDomain)) {
    problems.push(
      `MAIL_INBOUND_DOMAIN must be the bare domain the mail API receives replies on, in lower case (letters, digits, hyphens and dots, e.g. reply.example.co.uk or <id>.resend.app; no scheme, no @, no path; Resend: Emails → Receiving), got "${inboundDomain}"`,
    );
  }

  const webhookSecret = given(env, 'MAIL_WEBHOOK_SECRET');
  if (webhookSecret !== undefined && !/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(webhookSecret)) {
    problems.push(
      'MAIL_WEBHOOK_SECRET must be the webhook signing secret the mail API gave (whsec_ and base64), or be left out to register the webhook.',
    );
  }

  if (problems.length > 0 || checked === undefined) {
    throw new SetupUsageError(
      `setup:hosted cannot start; fix these in the environment or .env:\n  ${problems.join('\n  ')}`,
    );
  }
  const required = (value: string | undefined) => value as string;
  return {
    projectRef: required(checked.SUPABASE_PROJECT_REF),
    dbUrl: required(checked.SUPABASE_DB_URL),
    serviceRoleKey: required(checked.SUPABASE_SERVICE_ROLE_KEY),
    accessToken: checked.SUPABASE_ACCESS_TOKEN,
    functionSecrets: {
      MAIL_API_URL: (checked.MAIL_API_URL ?? DEFAULT_MAIL_API_URL).replace(/\/+$/, ''),
      MAIL_API_KEY: required(checked.MAIL_API_KEY),
      MAIL_FROM: required(checked.MAIL_FROM),
      MAIL_INBOUND_DOMAIN: required(inboundDomain),
      ENQUIRY_NOTIFY_TO: required(checked.ENQUIRY_NOTIFY_TO),
      SITE_URL: checked.SITE_URL.replace(/\/+$/, ''),
    },
    webhookSecret,
  };
}
