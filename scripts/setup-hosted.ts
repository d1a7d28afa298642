// Takes a new Supabase project to a working backend in one command:
//
//   npm run setup:hosted -- [--dry-run] [--only database]
//
// 1. `supabase db push` of supabase/migrations (no seed): the schema, pg_cron, pg_net, the jobs;
// 2. `supabase functions deploy` of every function (bundled by Supabase: no Docker);
// 3. the mail API's webhook to the mail-events function, for delivery events and received mail
//    (replies): registered (its signing secret kept for step 4) unless MAIL_WEBHOOK_SECRET says it
//    is already, in which case the events it lacks are added to it;
// 4. `supabase secrets set` of the functions' mail settings, from a temporary --env-file;
// 5. Auth, through the Management API: the password minimum and the confirmation lifetime of
//    supabase/config.toml, then leaked-password protection (Pro plan and above: a refusal is
//    reported, and the run goes on);
// 6. Vault: the function's URL and the service-role key, created or updated in place;
// 7. the check: every job of supabase/schemas/08_schedules.sql is in cron.job, and the function
//    answers the service-role key with its run summary; then the count of proxies in front of
//    the Edge Functions is measured and stored for the booking function's per-client limits.
//
// Settings come from the environment or the .env files (production mode: .env, .env.local,
// .env.production, .env.production.local), checked in scripts/setup-hosted/config.ts: it refuses
// to start, naming every missing or malformed one. No secret is printed or put on a command line:
// the database password goes to the CLI in PGPASSWORD, the mail key in a 0600 file deleted after,
// the Vault values as query parameters. Run again, it changes nothing in the database (the push
// finds nothing to apply, Vault holds the same values) and deploys the same function and secrets.
//
// `--only database` runs steps 1 and 6 and the schedules check against SUPABASE_DB_URL, and
// prints the others: `npm run setup:hosted-check` runs it against a throwaway PostgreSQL.
//
// Exit status: 0 when every step ran and the check passed, 1 when one failed, 2 for bad usage or
// settings.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

import { loadEnv, PROJECT_ROOT } from './env/load-env.ts';
import type { SetupConfig, SetupOptions } from './setup-hosted/config.ts';
import { parseOptions, readSetupConfig, SetupUsageError, USAGE } from './setup-hosted/config.ts';
import {
  authBodies,
  authConfigUrl,
  dbPushCommand,
  deployCommand,
  dryRunLines,
  functionUrl,
  isLocalDatabase,
  judgeAuthSettings,
  judgeFunctionAnswer,
  judgeLeakedPasswords,
  judgeWebhookCreated,
  judgeWebhookUpdated,
  MAX_WEBHOOK_PAGES,
  mailEventsUrl,
  MASK,
  planWebhook,
  readWebhookPage,
  secretsSummary,
  showMailApiRequest,
  webhookBody,
  webhookListUrl,
  webhooksUrl,
  webhookUrl,
  MISSING_ACCESS_TOKEN,
  readAuthPolicy,
  redact,
  secretsCommand,
  secretsEnvFile,
  secretValues,
  showCommand,
  showAuthRequest,
  showFunctionRequest,
  showScheduleCheck,
  showSql,
  STEPS,
  stepLines,
  VAULT_LOOKUP_SQL,
  vaultSecrets,
  vaultStatement,
} from './setup-hosted/plan.ts';
import type { CliCommand, ListedWebhook, StepName } from './setup-hosted/plan.ts';
import {
  consultationUrl,
  FORWARDING_MARKER,
  FORWARDING_SQL,
  proxyHopsFrom,
  showForwardingProbe,
} from './setup-hosted/forwarding.ts';
import {
  CRON_JOBS_SQL,
  readDeclaredJobs,
  scheduleProblems,
  type CronJobRow,
  type DeclaredJob,
} from './db-schedules.ts';

/** A fresh deployment or secret can take a little while to reach every edge. */
const FUNCTION_CHECK_ATTEMPTS = 6;
const FUNCTION_CHECK_DELAY_MS = 5_000;

class StepError extends Error {}

interface Run {
  config: SetupConfig;
  options: SetupOptions;
  jobs: DeclaredJob[];
  secrets: string[];
  log: (line: string) => void;
  /** What changed in the database, for the closing line. */
  changes: string[];
  /** What a step could not do and did not fail for (a plan without leaked-password protection). */
  warnings: string[];
  /** The mail API webhook's signing secret: given, or from the webhook step. */
  webhookSecret: string | undefined;
}

const indent = (line: string) => `   ${line}`;

/** Runs `supabase <args>` from the project root, printing its output masked; returns the output. */
function runCli(run: Run, command: CliCommand): Promise<string> {
  run.log(indent(showCommand(command, run.secrets)));
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', 'supabase', ...command.args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DO_NOT_TRACK: '1', ...command.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) run.log(indent(`| ${redact(line, run.secrets)}`));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) =>
      reject(new StepError(`could not start the CLI: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (pending.trim()) run.log(indent(`| ${redact(pending, run.secrets)}`));
      if (code === 0) resolve(output);
      else reject(new StepError(`supabase ${command.args.slice(0, 2).join(' ')} exited ${code}`));
    });
  });
}

function databaseClient(dbUrl: string): pg.Client {
  // Supabase's server certificate is signed by its own CA: encrypted, not verified, unless the
  // URL asks otherwise (sslmode, sslrootcert). A throwaway on this machine speaks no TLS.
  const ssl =
    isLocalDatabase(dbUrl) || new URL(dbUrl).searchParams.has('sslmode')
      ? {}
      : { ssl: { rejectUnauthorized: false } };
  return new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 20_000, ...ssl });
}

async function withDatabase<T>(run: Run, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = databaseClient(run.config.dbUrl);
  try {
    await client.connect();
  } catch (error) {
    throw new StepError(`could not connect to SUPABASE_DB_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function pushMigrations(run: Run): Promise<void> {
  const output = await runCli(run, dbPushCommand(run.config));
  const applied = output
    .split('\n')
    .filter((line) => line.startsWith('Applying migration ')).length;
  if (applied > 0) run.changes.push(`${applied} migration${applied === 1 ? '' : 's'} applied`);
  run.log(indent(applied > 0 ? `applied ${applied} migrations` : 'nothing to apply'));
}

async function setSecrets(run: Run): Promise<void> {
  if (!run.webhookSecret)
    throw new StepError('no MAIL_WEBHOOK_SECRET: the webhook step did not give one');
  const dir = mkdtempSync(join(tmpdir(), 'setup-hosted-'));
  const file = join(dir, 'function.env');
  try {
    writeFileSync(file, secretsEnvFile(run.config, run.webhookSecret), { mode: 0o600 });
    await runCli(run, secretsCommand(run.config, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface VaultRow {
  id: string;
  decrypted_secret: string | null;
}

async function storeVaultSecrets(run: Run): Promise<void> {
  await withDatabase(run, async (client) => {
    await client.query('begin');
    try {
      for (const secret of vaultSecrets(run.config)) {
        const { rows } = await client.query<VaultRow>(VAULT_LOOKUP_SQL, [secret.name]);
        const stored = rows[0] && { id: rows[0].id, value: rows[0].decrypted_secret };
        const statement = vaultStatement(secret, stored);
        if (statement.action === 'unchanged') {
          run.log(indent(`${secret.name}: stored, unchanged`));
          continue;
        }
        run.log(indent(showSql(statement.sql, statement.params, run.secrets)));
        await client.query(statement.sql, statement.params);
        const done = statement.action === 'create' ? 'created' : 'updated';
        run.log(indent(`${secret.name}: ${done}`));
        run.changes.push(`${secret.name} ${done}`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw new StepError(`Vault: ${redact((error as Error).message, run.secrets)}`);
    }
  });
}

async function checkDatabase(run: Run): Promise<void> {
  run.log(indent(showScheduleCheck(run.jobs)));
  const problems = await withDatabase(run, async (client) => {
    const found: string[] = [];
    const extensions = await client.query<{ extname: string }>(
      "select extname from pg_catalog.pg_extension where extname in ('pg_cron', 'pg_net')",
    );
    const installed = new Set(extensions.rows.map((row) => row.extname));
    if (!installed.has('pg_cron')) found.push('pg_cron is not installed: no job would ever run');
    // A throwaway PostgreSQL has no pg_net; supabase/local/platform.sql stands in for it.
    if (!installed.has('pg_net') && !isLocalDatabase(run.config.dbUrl)) {
      found.push('pg_net is not installed: the mail job cannot call the function');
    }
    const { rows } = await client.query<CronJobRow>(CRON_JOBS_SQL);
    found.push(...scheduleProblems(run.jobs, rows));
    for (const secret of vaultSecrets(run.config)) {
      const stored = await client.query<VaultRow>(VAULT_LOOKUP_SQL, [secret.name]);
      if (stored.rows[0]?.decrypted_secret !== secret.value) {
        found.push(`Vault: ${secret.name} does not hold the value of step 6`);
      }
    }
    return found;
  });
  if (problems.length > 0) throw new StepError(problems.join('; '));
  run.log(indent(`${run.jobs.length} jobs scheduled and active; both Vault secrets stored`));
}

/** PATCHes the project's Auth settings; the answer, or why there was none. */
async function patchAuth(run: Run, body: object): Promise<{ status: number; text: string }> {
  run.log(indent(showAuthRequest(run.config, body)));
  try {
    const response = await fetch(authConfigUrl(run.config.projectRef), {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${run.config.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new StepError(`the Management API did not answer: ${(cause as Error).message}`);
  }
}

/**
 * The Auth settings of supabase/config.toml that the staff accounts rely on, set on the hosted
 * project: the password minimum and the confirmation lifetime, then leaked-password protection,
 * which only some plans offer (a refusal is reported, not a failure).
 */
async function setAuth(run: Run): Promise<void> {
  if (!run.config.accessToken) throw new StepError(MISSING_ACCESS_TOKEN);
  const bodies = authBodies(readAuthPolicy());
  const settings = await patchAuth(run, bodies.settings);
  const set = judgeAuthSettings(settings.status, settings.text, bodies.settings);
  if (!set.ok) throw new StepError(redact(set.message, run.secrets));
  run.log(indent(set.message));
  const leaked = await patchAuth(run, bodies.leakedPasswords);
  const verdict = judgeLeakedPasswords(leaked.status, leaked.text);
  if (!verdict.ok) throw new StepError(redact(verdict.message, run.secrets));
  run.log(indent(redact(verdict.message, run.secrets)));
  if (verdict.warning) run.warnings.push(redact(verdict.warning, run.secrets));
}

async function checkFunction(run: Run): Promise<void> {
  run.log(indent(showFunctionRequest(run.config)));
  for (let attempt = 1; ; attempt += 1) {
    let verdict;
    try {
      const response = await fetch(functionUrl(run.config.projectRef), {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${run.config.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
        signal: AbortSignal.timeout(30_000),
      });
      verdict = judgeFunctionAnswer(response.status, await response.text());
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      verdict = { ok: false, retry: true, message: `no answer: ${(cause as Error).message}` };
    }
    const message = redact(verdict.message, run.secrets);
    if (verdict.ok) {
      run.log(indent(message));
      return;
    }
    if (!verdict.retry || attempt === FUNCTION_CHECK_ATTEMPTS) throw new StepError(message);
    run.log(indent(`${message}; trying again in ${FUNCTION_CHECK_DELAY_MS / 1000} s`));
    await new Promise((done) => setTimeout(done, FUNCTION_CHECK_DELAY_MS));
  }
}

/**
 * Asks the booking function which X-Forwarded-For it received for a request carrying a marker,
 * and stores the count of entries the platform appended after it.
 */
async function measureForwarding(run: Run): Promise<void> {
  run.log(indent(showForwardingProbe(run.config, MASK)));
  for (let attempt = 1; ; attempt += 1) {
    let verdict;
    try {
      const response = await fetch(consultationUrl(run.config.projectRef), {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${run.config.serviceRoleKey}`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': FORWARDING_MARKER,
        },
        body: JSON.stringify({ action: 'forwarding' }),
        signal: AbortSignal.timeout(30_000),
      });
      verdict = proxyHopsFrom(response.status, await response.text());
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      verdict = {
        ok: false as const,
        retry: true,
        message: `no answer: ${(cause as Error).message}`,
      };
    }
    const message = redact(verdict.message, run.secrets);
    if (verdict.ok) {
      const hops = verdict.hops;
      const stored = await withDatabase(run, (client) => client.query(FORWARDING_SQL, [hops]));
      run.log(indent(message));
      if (stored.rowCount) run.changes.push(`function_proxy_hops set to ${hops}`);
      return;
    }
    if (!verdict.retry || attempt === FUNCTION_CHECK_ATTEMPTS) throw new StepError(message);
    run.log(indent(`${message}; trying again in ${FUNCTION_CHECK_DELAY_MS / 1000} s`));
    await new Promise((done) => setTimeout(done, FUNCTION_CHECK_DELAY_MS));
  }
}

/** A request to the mail API with its key; the answer, or why there was none. */
async function mailApi(
  run: Run,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: object,
): Promise<{ status: number; text: string }> {
  run.log(indent(showMailApiRequest(method, url, body)));
  try {
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${run.config.functionSecrets.MAIL_API_KEY}`,
        'Content-Type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new StepError(`the mail API did not answer: ${(cause as Error).message}`);
  }
}

/** Every webhook of the mail API's account, page after page. */
async function listWebhooks(run: Run): Promise<ListedWebhook[]> {
  const webhooks: ListedWebhook[] = [];
  let after: string | undefined;
  for (let page = 1; page <= MAX_WEBHOOK_PAGES; page += 1) {
    const listed = await mailApi(run, 'GET', webhookListUrl(run.config, after));
    const read = readWebhookPage(listed.status, listed.text);
    if (!read.ok) throw new StepError(redact(read.message, run.secrets));
    webhooks.push(...read.value.webhooks);
    if (read.value.next === undefined) return webhooks;
    after = read.value.next;
  }
  throw new StepError(`listing webhooks: more than ${MAX_WEBHOOK_PAGES} pages`);
}

/**
 * The mail API's webhook to mail-events, for delivery events and received mail. Without
 * MAIL_WEBHOOK_SECRET it is registered and its signing secret kept for the secrets step; one
 * registered before is refused then, as the mail API shows a secret only on creation. With the
 * secret given, the webhook must be there, and the events it lacks are added to its own.
 */
async function registerWebhook(run: Run): Promise<void> {
  const endpoint = mailEventsUrl(run.config.projectRef);
  const plan = planWebhook(await listWebhooks(run), endpoint, run.webhookSecret !== undefined);
  if (!plan.ok) throw new StepError(redact(plan.message, run.secrets));
  if (plan.value.action === 'keep') {
    for (const update of plan.value.updates) {
      const answer = await mailApi(run, 'PATCH', webhookUrl(run.config, update.id), {
        events: update.events,
      });
      const verdict = judgeWebhookUpdated(answer.status, answer.text, update);
      if (!verdict.ok) throw new StepError(redact(verdict.message, run.secrets));
      run.log(indent(verdict.value));
    }
    if (plan.value.updates.length === 0) {
      run.log(indent(`registered, with every event: ${endpoint}`));
    }
    for (const warning of plan.value.warnings) {
      run.log(indent(`warning: ${warning}`));
      run.warnings.push(warning);
    }
    return;
  }
  const created = await mailApi(run, 'POST', webhooksUrl(run.config), webhookBody(run.config));
  const secret = judgeWebhookCreated(created.status, created.text);
  if (!secret.ok) throw new StepError(redact(secret.message, run.secrets));
  run.webhookSecret = secret.value;
  run.secrets.unshift(secret.value);
  run.log(indent(`registered: ${endpoint}`));
  run.warnings.push(
    'the mail API webhook was registered: copy its signing secret from the mail API (Webhooks) into .env as MAIL_WEBHOOK_SECRET, so the next run keeps it',
  );
}

async function runStep(run: Run, step: StepName): Promise<void> {
  switch (step) {
    case 'migrations':
      return pushMigrations(run);
    case 'function':
      await runCli(run, deployCommand(run.config));
      return;
    case 'webhook':
      return registerWebhook(run);
    case 'secrets':
      for (const line of secretsSummary(run.config)) run.log(indent(line));
      return setSecrets(run);
    case 'auth':
      return setAuth(run);
    case 'vault':
      return storeVaultSecrets(run);
    case 'check':
      await checkDatabase(run);
      if (run.options.onlyDatabase) {
        run.log(indent(`${showFunctionRequest(run.config)} (not run: --only database)`));
        run.log(indent(`${showForwardingProbe(run.config, MASK)} (not run: --only database)`));
        return;
      }
      await checkFunction(run);
      return measureForwarding(run);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const log = (line: string) => console.log(line);
  let run: Run;
  try {
    const options = parseOptions(argv);
    if (options === 'help') {
      log(USAGE);
      return 0;
    }
    const config = readSetupConfig(loadEnv({ mode: 'production' }));
    const jobs = readDeclaredJobs();
    if (options.dryRun) {
      for (const line of dryRunLines(config, jobs)) log(line);
      return 0;
    }
    // Step 5 needs the token: refused here, before any step has run, rather than half-way.
    if (!options.onlyDatabase && !config.accessToken) {
      throw new SetupUsageError(`setup:hosted: ${MISSING_ACCESS_TOKEN}.`);
    }
    run = {
      config,
      options,
      jobs,
      secrets: secretValues(config),
      log,
      changes: [],
      warnings: [],
      webhookSecret: config.webhookSecret,
    };
  } catch (error) {
    if (!(error instanceof SetupUsageError)) throw error;
    console.error(error.message);
    return 2;
  }

  const only = run.options.onlyDatabase ? ' (--only database: the function steps only print)' : '';
  log(`setup:hosted: project ${run.config.projectRef}${only}`);
  for (const step of STEPS) {
    log(step.title);
    if (run.options.onlyDatabase && !step.database) {
      for (const line of stepLines(step.name, run.config, run.jobs)) {
        log(indent(`${line} (not run: --only database)`));
      }
      continue;
    }
    try {
      await runStep(run, step.name);
    } catch (error) {
      const message = redact(error instanceof Error ? error.message : String(error), run.secrets);
      console.error(`setup:hosted: ${step.title} failed: ${message}`);
      return 1;
    }
  }
  const changes = run.changes.length > 0 ? run.changes.join('; ') : 'none';
  log(`setup:hosted: done. Database changes: ${changes}.`);
  if (!run.options.onlyDatabase) {
    log(
      'The function was deployed and its secrets set (the same code and values as before, if any), and the Auth settings applied.',
    );
  }
  for (const warning of run.warnings) console.error(`setup:hosted: warning: ${warning}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
