/**
 * The steps of `npm run setup:hosted`, as data and text: the CLI commands, the Vault statements,
 * the checks, and how each is printed. Nothing here touches the network, the database or a
 * process, so a dry run and the tests see exactly what a real run prints. Every printed line goes
 * through the masking here: a secret's value is never part of it.
 */
import { join } from 'node:path';

import type { AuthPolicyConfig } from '../../supabase/local/supabase-config.ts';
import { readSupabaseConfig } from '../../supabase/local/supabase-config.ts';
import { CRON_JOBS_SQL, type DeclaredJob } from '../db-schedules.ts';
import { PROJECT_ROOT } from '../env/load-env.ts';
import type { FunctionSecretName, SetupConfig } from './config.ts';
import { FUNCTION_SECRET_NAMES } from './config.ts';
import { showForwardingProbe } from './forwarding.ts';

export const FUNCTION_NAME = 'send-enquiry-mail';
export const VAULT_FUNCTION_URL = 'enquiry_mail_function_url';
export const VAULT_SERVICE_KEY = 'enquiry_mail_service_key';
export const MASK = '***';

/** The function's secrets that are secret (the others are printed in full). */
const SECRET_FUNCTION_VALUES: readonly FunctionSecretName[] = ['MAIL_API_KEY'];

export const functionUrl = (projectRef: string) =>
  `https://${projectRef}.supabase.co/functions/v1/${FUNCTION_NAME}`;

/** Where the mail API posts its delivery events and the mail it receives. */
export const mailEventsUrl = (projectRef: string) =>
  `https://${projectRef}.supabase.co/functions/v1/mail-events`;

// ---------------------------------------------------------------------------------------------
// Masking

/** Every value that must never be printed: keys, tokens and the database password. */
export function secretValues(config: SetupConfig): string[] {
  const url = new URL(config.dbUrl);
  const values = [
    config.serviceRoleKey,
    config.accessToken,
    ...SECRET_FUNCTION_VALUES.map((name) => config.functionSecrets[name]),
    config.webhookSecret,
    url.password,
    url.password ? safeDecode(url.password) : undefined,
  ];
  return [...new Set(values.filter((value): value is string => !!value))].sort(
    (a, b) => b.length - a.length,
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The text with every occurrence of each secret replaced by the mask. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join(MASK);
  return result;
}

// ---------------------------------------------------------------------------------------------
// The database

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const isLocalDatabase = (dbUrl: string) => LOCAL_HOSTS.has(new URL(dbUrl).hostname);

export interface DatabaseTarget {
  /** For the CLI's --db-url: no password (it goes in PGPASSWORD, out of the process list). */
  cliUrl: string;
  password: string | undefined;
}

export function databaseTarget(dbUrl: string): DatabaseTarget {
  const url = new URL(dbUrl);
  const password = url.password ? safeDecode(url.password) : undefined;
  url.password = '';
  // A throwaway PostgreSQL on this machine speaks no TLS; the CLI would try it first.
  if (isLocalDatabase(dbUrl) && !url.searchParams.has('sslmode')) {
    url.searchParams.set('sslmode', 'disable');
  }
  return { cliUrl: url.toString(), password };
}

// ---------------------------------------------------------------------------------------------
// The CLI commands

export interface CliCommand {
  /** The arguments after `supabase`. */
  args: string[];
  /** Added to the command's environment; printed by name only. */
  env: Record<string, string>;
}

const tokenEnv = (config: SetupConfig): Record<string, string> =>
  config.accessToken ? { SUPABASE_ACCESS_TOKEN: config.accessToken } : {};

export function dbPushCommand(config: SetupConfig): CliCommand {
  const target = databaseTarget(config.dbUrl);
  return {
    args: ['db', 'push', '--db-url', target.cliUrl, '--yes'],
    env: target.password ? { PGPASSWORD: target.password } : {},
  };
}

export function deployCommand(config: SetupConfig): CliCommand {
  // No name: every function under supabase/functions, each with its verify_jwt from config.toml.
  // --use-api: bundled by Supabase, so no Docker is needed here.
  return {
    args: ['functions', 'deploy', '--project-ref', config.projectRef, '--use-api'],
    env: tokenEnv(config),
  };
}

export const SECRETS_FILE_SHOWN = '<temporary file, deleted after>';

export function secretsCommand(config: SetupConfig, envFile: string): CliCommand {
  return {
    args: ['secrets', 'set', '--env-file', envFile, '--project-ref', config.projectRef],
    env: tokenEnv(config),
  };
}

/**
 * The --env-file's text: each value in single quotes, read as is (config.ts refuses a quote), and
 * the mail API webhook's signing secret (given, or from the webhook just registered).
 */
export function secretsEnvFile(config: SetupConfig, webhookSecret: string): string {
  return [
    ...FUNCTION_SECRET_NAMES.map((name) => `${name}='${config.functionSecrets[name]}'\n`),
    `MAIL_WEBHOOK_SECRET='${webhookSecret}'\n`,
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// The mail API's webhook to mail-events: delivery events and received mail

/** The delivery events the mail-events function applies. */
export const DELIVERY_EVENTS = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
] as const;

/** Mail the mail API received: a reply to reply+<token>@MAIL_INBOUND_DOMAIN, for mail-events. */
export const RECEIVED_EVENT = 'email.received';

/** Every event the webhook must carry. */
export const WEBHOOK_EVENTS = [...DELIVERY_EVENTS, RECEIVED_EVENT] as const;

/** The largest page the mail API gives; a longer list is read page by page (`after`). */
export const WEBHOOK_PAGE_SIZE = 100;
/** Far more webhooks than an account keeps: more pages than this is a cursor going round. */
export const MAX_WEBHOOK_PAGES = 20;

export const webhooksUrl = (config: SetupConfig) =>
  `${config.functionSecrets.MAIL_API_URL}/webhooks`;

/** A page of the list: the first, or the one after the webhook `after`. */
export const webhookListUrl = (config: SetupConfig, after?: string) =>
  `${webhooksUrl(config)}?limit=${WEBHOOK_PAGE_SIZE}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;

export const webhookUrl = (config: SetupConfig, id: string) =>
  `${webhooksUrl(config)}/${encodeURIComponent(id)}`;

export const webhookBody = (config: SetupConfig) => ({
  endpoint: mailEventsUrl(config.projectRef),
  events: [...WEBHOOK_EVENTS],
});

export type WebhookVerdict<T> = { ok: true; value: T } | { ok: false; message: string };

const refusedKey = (status: number) =>
  `${status}: the mail API refused MAIL_API_KEY; it must be a key with full access: the webhook is managed with it, and mail-events reads received mail with it`;

/** A webhook as the mail API lists it (`GET /webhooks`). */
export interface ListedWebhook {
  id: string;
  endpoint: string;
  /** Absent from an entry, taken as none: the update then sets every event. */
  events: string[];
  /** `enabled` or `disabled`; absent from an entry, taken as enabled. */
  status: string | undefined;
}

export interface WebhookPage {
  webhooks: ListedWebhook[];
  /** The cursor of the next page (the last webhook's id) while `has_more`, else undefined. */
  next: string | undefined;
}

/**
 * One page of the mail API's list of webhooks:
 * `{ object: "list", has_more, data: [{ id, created_at, status, endpoint, events }] }`. A page
 * without its `data` list is refused rather than read as no webhook, which would register a
 * second one.
 */
export function readWebhookPage(status: number, body: string): WebhookVerdict<WebhookPage> {
  if (status === 401 || status === 403) return { ok: false, message: refusedKey(status) };
  if (status !== 200)
    return { ok: false, message: `listing webhooks: ${status}: ${body.slice(0, 200)}` };
  let page: unknown;
  try {
    page = JSON.parse(body);
  } catch {
    page = undefined;
  }
  const data = (page as { data?: unknown } | null | undefined)?.data;
  if (typeof page !== 'object' || page === null || !Array.isArray(data)) {
    return {
      ok: false,
      message: `listing webhooks: 200 without a "data" list of webhooks: ${body.slice(0, 200)}`,
    };
  }
  const webhooks: ListedWebhook[] = [];
  for (const entry of data as unknown[]) {
    const hook = (entry ?? {}) as Record<string, unknown>;
    if (typeof hook.id !== 'string' || typeof hook.endpoint !== 'string') {
      return {
        ok: false,
        message: `listing webhooks: an entry without an id or an endpoint: ${JSON.stringify(entry).slice(0, 200)}`,
      };
    }
    const events = Array.isArray(hook.events)
      ? hook.events.filter((event): event is string => typeof event === 'string')
      : [];
    const state = typeof hook.status === 'string' ? hook.status : undefined;
    webhooks.push({ id: hook.id, endpoint: hook.endpoint, events, status: state });
  }
  const hasMore = (page as { has_more?: unknown }).has_more === true;
  if (hasMore && webhooks.length === 0) {
    return { ok: false, message: 'listing webhooks: has_more on an empty page, so no next page' };
  }
  return { ok: true, value: { webhooks, next: hasMore ? webhooks.at(-1)?.id : undefined } };
}

/** What the webhook step does, once the whole list is read. */
export type WebhookAction =
  | { action: 'create' }
  | {
      action: 'keep';
      /** The webhooks to mail-events lacking events, with the events to PATCH each with. */
      updates: { id: string; missing: string[]; events: string[] }[];
      /** What the operator should know and the run does not fix (a disabled or second webhook). */
      warnings: string[];
    };

const missingEvents = (hook: ListedWebhook) =>
  WEBHOOK_EVENTS.filter((event) => !hook.events.includes(event));

/**
 * Given the mail API's webhooks: with no signing secret given, one is registered unless one to
 * mail-events exists (its secret is shown only on creation, so the operator must give it). With
 * the secret given, the webhook must exist; each one lacking an event gets it added to its own.
 */
export function planWebhook(
  webhooks: readonly ListedWebhook[],
  endpoint: string,
  secretGiven: boolean,
): WebhookVerdict<WebhookAction> {
  const ours = webhooks.filter((hook) => hook.endpoint === endpoint);
  if (!secretGiven) {
    if (ours.length === 0) return { ok: true, value: { action: 'create' } };
    const missing = WEBHOOK_EVENTS.filter((event) =>
      ours.some((hook) => !hook.events.includes(event)),
    );
    const lacking =
      missing.length > 0 ? `; it lacks ${missing.join(', ')}, which that run adds` : '';
    return {
      ok: false,
      message: `the mail API has a webhook to ${endpoint} already; set MAIL_WEBHOOK_SECRET to its signing secret (the mail API's dashboard → Webhooks) and run again${lacking}`,
    };
  }
  if (ours.length === 0) {
    return {
      ok: false,
      message: `MAIL_WEBHOOK_SECRET is given, but the mail API has no webhook to ${endpoint}: no delivery event or reply would reach mail-events. Remove MAIL_WEBHOOK_SECRET and run again to register one (then save its new secret), or check that MAIL_API_KEY belongs to the account that has it`,
    };
  }
  const warnings: string[] = [];
  if (ours.length > 1) {
    warnings.push(
      `the mail API has ${ours.length} webhooks to ${endpoint} (${ours.map((hook) => hook.id).join(', ')}): each event arrives once per webhook, and only the one whose signing secret is MAIL_WEBHOOK_SECRET passes mail-events' check; delete the others (the mail API's dashboard → Webhooks)`,
    );
  }
  for (const hook of ours) {
    if (hook.status !== undefined && hook.status !== 'enabled') {
      warnings.push(
        `the webhook ${hook.id} to ${endpoint} is ${hook.status}: no delivery event or reply reaches mail-events until it is enabled (the mail API's dashboard → Webhooks)`,
      );
    }
  }
  // The webhook's own events are kept: an operator may have added others on purpose.
  const updates = ours.flatMap((hook) => {
    const missing = missingEvents(hook);
    return missing.length === 0
      ? []
      : [{ id: hook.id, missing, events: [...hook.events, ...missing] }];
  });
  return { ok: true, value: { action: 'keep', updates, warnings } };
}

/** The signing secret of a webhook just created (`{ object: "webhook", id, signing_secret }`). */
export function judgeWebhookCreated(status: number, body: string): WebhookVerdict<string> {
  if (status === 401 || status === 403) return { ok: false, message: refusedKey(status) };
  if (status !== 200 && status !== 201) {
    return { ok: false, message: `registering the webhook: ${status}: ${body.slice(0, 200)}` };
  }
  let secret: unknown;
  try {
    secret = (JSON.parse(body) as { signing_secret?: unknown } | null)?.signing_secret;
  } catch {
    secret = undefined;
  }
  if (typeof secret !== 'string' || !/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    return { ok: false, message: `registering the webhook: ${status} without a signing secret` };
  }
  return { ok: true, value: secret };
}

/** What the answer to `PATCH /webhooks/{id}` means; a refusal says how to add the events by hand. */
export function judgeWebhookUpdated(
  status: number,
  body: string,
  update: { id: string; missing: readonly string[] },
): WebhookVerdict<string> {
  if (status >= 200 && status < 300) {
    return { ok: true, value: `webhook ${update.id}: added ${update.missing.join(', ')}` };
  }
  const cause =
    status === 401 || status === 403 ? refusedKey(status) : `${status}: ${body.slice(0, 200)}`;
  return {
    ok: false,
    message: `adding ${update.missing.join(', ')} to the webhook ${update.id}: ${cause}; add the events by hand (the mail API's dashboard → Webhooks → edit the webhook) and run again`,
  };
}

export const showMailApiRequest = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  `$ ${method} ${url} (Authorization: Bearer ${MASK})${body ? ` ${JSON.stringify(body)}` : ''}`;

/** How a command is printed: the environment it adds by name only, then the masked arguments. */
export function showCommand(command: CliCommand, secrets: readonly string[]): string {
  const env = Object.keys(command.env).map((name) => `${name}=${MASK} `);
  return redact(`$ ${env.join('')}supabase ${command.args.join(' ')}`, secrets);
}

// ---------------------------------------------------------------------------------------------
// Vault

export const VAULT_LOOKUP_SQL =
  'select id, decrypted_secret from vault.decrypted_secrets where name = $1';
export const VAULT_CREATE_SQL = 'select vault.create_secret($1, $2)';
export const VAULT_UPDATE_SQL = 'select vault.update_secret($1::uuid, $2)';

export interface VaultSecret {
  name: string;
  value: string;
}

export function vaultSecrets(config: SetupConfig): VaultSecret[] {
  return [
    { name: VAULT_FUNCTION_URL, value: functionUrl(config.projectRef) },
    { name: VAULT_SERVICE_KEY, value: config.serviceRoleKey },
  ];
}

/** A stored secret of that name, as VAULT_LOOKUP_SQL reads it. */
export interface StoredSecret {
  id: string;
  value: string | null;
}

export type VaultStatement =
  { action: 'create' | 'update'; sql: string; params: string[] } | { action: 'unchanged' };

/** Create when no secret has the name, update when its value differs, else nothing. */
export function vaultStatement(
  secret: VaultSecret,
  stored: StoredSecret | undefined,
): VaultStatement {
  if (stored === undefined) {
    return { action: 'create', sql: VAULT_CREATE_SQL, params: [secret.value, secret.name] };
  }
  if (stored.value === secret.value) return { action: 'unchanged' };
  return { action: 'update', sql: VAULT_UPDATE_SQL, params: [stored.id, secret.value] };
}

/** Stands for a stored secret's id in a dry run. */
export const ID_SHOWN = '<id>';

/** A statement with its parameters written in as literals, each secret masked. */
export function showSql(
  sql: string,
  params: readonly string[],
  secrets: readonly string[],
): string {
  const text = sql.replace(/\$(\d+)(::\w+)?/g, (whole, index: string, cast: string | undefined) => {
    const value = params[Number(index) - 1];
    if (value === undefined) return whole;
    const literal = value === ID_SHOWN ? value : `'${value.replaceAll("'", "''")}'`;
    return `${literal}${cast ?? ''}`;
  });
  return `> ${redact(text, secrets)}`;
}

// ---------------------------------------------------------------------------------------------
// Auth, through the Management API

export const authConfigUrl = (projectRef: string) =>
  `https://api.supabase.com/v1/projects/${projectRef}/config/auth`;

/**
 * The password minimum and the confirmation lifetime of supabase/config.toml: the hosted project
 * gets the values the embedded backend and `supabase start` run with.
 */
export function readAuthPolicy(
  file: string = join(PROJECT_ROOT, 'supabase', 'config.toml'),
): AuthPolicyConfig {
  return readSupabaseConfig(file).authPolicy;
}

/** The two PATCH bodies: the settings every plan accepts, then leaked-password protection. */
export function authBodies(policy: AuthPolicyConfig) {
  return {
    settings: {
      password_min_length: policy.minimumPasswordLength,
      mailer_otp_exp: policy.otpExpirySeconds,
    },
    leakedPasswords: { password_hibp_enabled: true },
  } as const;
}

export const showAuthRequest = (config: SetupConfig, body: object) =>
  `$ PATCH ${authConfigUrl(config.projectRef)} (Authorization: Bearer ${MASK}) ${JSON.stringify(body)}`;

export const MISSING_ACCESS_TOKEN =
  'the Management API needs SUPABASE_ACCESS_TOKEN (a personal access token: Dashboard → Account → Access tokens); `npx supabase login` alone does not give this command one';

export type AuthVerdict =
  { ok: true; message: string; warning?: string } | { ok: false; message: string };

/** What the answer to the settings PATCH means: 200 holding the values asked for is done. */
export function judgeAuthSettings(
  status: number,
  body: string,
  asked: Readonly<Record<string, number>>,
): AuthVerdict {
  if (status === 401 || status === 403) {
    return {
      ok: false,
      message: `${status}: the Management API refused SUPABASE_ACCESS_TOKEN; it must be a personal access token of an account that manages this project`,
    };
  }
  if (status === 404) {
    return {
      ok: false,
      message: '404: the Management API knows no such project (SUPABASE_PROJECT_REF)',
    };
  }
  if (status !== 200) return { ok: false, message: `${status}: ${body.slice(0, 200)}` };
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(body) as Record<string, unknown>;
  } catch {
    // not the settings: below
  }
  const differ = Object.entries(asked).filter(([key, value]) => answer[key] !== value);
  if (differ.length > 0) {
    return {
      ok: false,
      message: `200, but the project holds ${differ.map(([key]) => `${key} = ${JSON.stringify(answer[key])}`).join(', ')}`,
    };
  }
  return {
    ok: true,
    message: `set: ${Object.entries(asked)
      .map(([key, value]) => `${key} = ${value}`)
      .join(', ')}`,
  };
}

/**
 * What the answer to the leaked-password PATCH means. Supabase offers the check on its Pro plan
 * and above and answers 402 on the others: that is reported, and the run goes on.
 */
export function judgeLeakedPasswords(status: number, body: string): AuthVerdict {
  if (status === 200) return { ok: true, message: 'leaked-password protection: on' };
  if (status === 402) {
    const warning = `leaked-password protection was NOT turned on: the project's plan refuses it (it needs the Pro plan or above): ${body.slice(0, 200)}`;
    return { ok: true, message: warning, warning };
  }
  return { ok: false, message: `leaked-password protection: ${status}: ${body.slice(0, 200)}` };
}

// ---------------------------------------------------------------------------------------------
// The checks

export type FunctionVerdict =
  { ok: true; message: string } | { ok: false; retry: boolean; message: string };

/**
 * What the function's answer to a POST with the service-role key means (see
 * supabase/functions/send-enquiry-mail/handler.ts): 200 with the run summary is healthy.
 */
export function judgeFunctionAnswer(status: number, body: string): FunctionVerdict {
  if (status === 200) {
    try {
      const summary = JSON.parse(body) as Record<string, unknown>;
      if (typeof summary.claimed === 'number' && typeof summary.sent === 'number') {
        return {
          ok: true,
          message: `the function answered 200: ${summary.claimed} mail due, ${summary.sent} sent`,
        };
      }
    } catch {
      // not the summary: below
    }
    return { ok: false, retry: false, message: `200 without a run summary: ${body.slice(0, 200)}` };
  }
  if (status === 404) {
    return { ok: false, retry: true, message: '404: the function is not deployed (step 2)' };
  }
  if (status === 401) {
    return {
      ok: false,
      retry: false,
      message:
        "401: the function refused the key; SUPABASE_SERVICE_ROLE_KEY must be this project's service_role key",
    };
  }
  if (status === 500) {
    return {
      ok: false,
      retry: true,
      message: `500: the function is not configured; its secrets (step 4) are missing or malformed (${body.slice(0, 200)})`,
    };
  }
  if (status === 502) {
    return {
      ok: false,
      retry: false,
      message: `502: the function could not read the outbox; are the migrations applied? (${body.slice(0, 200)})`,
    };
  }
  return { ok: false, retry: status >= 500, message: `${status}: ${body.slice(0, 200)}` };
}

// ---------------------------------------------------------------------------------------------
// The steps as printed

export type StepName =
  'migrations' | 'function' | 'webhook' | 'secrets' | 'auth' | 'vault' | 'check';

export const STEPS: readonly { name: StepName; title: string; database: boolean }[] = [
  { name: 'migrations', title: '1/7 Migrations: supabase db push (no seed)', database: true },
  { name: 'function', title: '2/7 Edge Functions: deploy every one', database: false },
  {
    name: 'webhook',
    title: "3/7 The mail API's webhook to mail-events: delivery events and received mail",
    database: false,
  },
  { name: 'secrets', title: "4/7 The functions' secrets", database: false },
  {
    name: 'auth',
    title: '5/7 Auth: password length, link lifetime, leaked-password protection',
    database: false,
  },
  {
    name: 'vault',
    title: "6/7 Vault: the function's URL and the service-role key",
    database: true,
  },
  {
    name: 'check',
    title: "7/7 Check: the schedules and the functions; the functions' proxy count",
    database: true,
  },
];

export const showFunctionRequest = (config: SetupConfig) =>
  `$ POST ${functionUrl(config.projectRef)} (Authorization: Bearer ${MASK}): healthy is 200 with the run summary`;

export function showScheduleCheck(jobs: readonly DeclaredJob[]): string {
  return `> ${CRON_JOBS_SQL}: each of ${jobs.length} jobs active (${jobs.map((job) => job.jobname).join(', ')})`;
}

/** What the secrets step sets, before its command. */
export const secretsSummary = (config: SetupConfig) => [
  `sets ${[...FUNCTION_SECRET_NAMES, 'MAIL_WEBHOOK_SECRET'].join(', ')} (values not shown)`,
  `  replies go to reply+<token>@${config.functionSecrets.MAIL_INBOUND_DOMAIN} (MAIL_INBOUND_DOMAIN), whose mail the mail API must receive (Resend: Emails → Receiving)`,
];

/** The lines a dry run prints for a step, under its title. */
export function stepLines(step: StepName, config: SetupConfig, jobs: readonly DeclaredJob[]) {
  const secrets = secretValues(config);
  switch (step) {
    case 'migrations':
      return [showCommand(dbPushCommand(config), secrets)];
    case 'function':
      return [showCommand(deployCommand(config), secrets)];
    case 'webhook': {
      const endpoint = mailEventsUrl(config.projectRef);
      const list = `${showMailApiRequest('GET', webhookListUrl(config))}, each page`;
      return config.webhookSecret
        ? [
            `${list}: the webhook to ${endpoint} (MAIL_WEBHOOK_SECRET is given)`,
            `  lacking any of ${WEBHOOK_EVENTS.join(', ')}: ${showMailApiRequest('PATCH', `${webhooksUrl(config)}/${ID_SHOWN}`)} {"events":[its own, then the missing ones]}`,
            '  none: refused (remove MAIL_WEBHOOK_SECRET to register one); disabled, or more than one: a warning',
          ]
        : [
            `${list}: none to ${endpoint} yet`,
            showMailApiRequest('POST', webhooksUrl(config), webhookBody(config)),
            '  its signing secret becomes MAIL_WEBHOOK_SECRET (not shown); copy it from the mail API into .env for the next run',
          ];
    }
    case 'secrets':
      return [
        ...secretsSummary(config),
        showCommand(secretsCommand(config, SECRETS_FILE_SHOWN), secrets),
      ];
    case 'auth': {
      const bodies = authBodies(readAuthPolicy());
      return [
        showAuthRequest(config, bodies.settings),
        showAuthRequest(config, bodies.leakedPasswords),
        '  402 (a plan without it): reported, and the run goes on',
      ];
    }
    case 'vault':
      return vaultSecrets(config).flatMap((secret) => [
        showSql(VAULT_LOOKUP_SQL, [secret.name], secrets),
        `  none: ${showSql(VAULT_CREATE_SQL, [secret.value, secret.name], secrets).slice(2)}`,
        `  another value: ${showSql(VAULT_UPDATE_SQL, [ID_SHOWN, secret.value], secrets).slice(2)}`,
        '  the same value: nothing',
      ]);
    case 'check':
      return [
        showScheduleCheck(jobs),
        showFunctionRequest(config),
        showForwardingProbe(config, MASK),
      ];
  }
}

/** The whole of a dry run's output. */
export function dryRunLines(config: SetupConfig, jobs: readonly DeclaredJob[]): string[] {
  return [
    `setup:hosted: project ${config.projectRef}, dry run: nothing below runs`,
    ...STEPS.flatMap((step) => [
      step.title,
      ...stepLines(step.name, config, jobs).map((line) => `   ${line}`),
    ]),
  ];
}
