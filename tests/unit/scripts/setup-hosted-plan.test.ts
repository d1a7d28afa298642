// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { readDeclaredJobs, scheduleProblems } from '../../../scripts/db-schedules';
import { readSetupConfig } from '../../../scripts/setup-hosted/config';
import {
  databaseTarget,
  dbPushCommand,
  authBodies,
  dryRunLines,
  judgeAuthSettings,
  judgeFunctionAnswer,
  judgeLeakedPasswords,
  judgeWebhookCreated,
  judgeWebhookUpdated,
  planWebhook,
  readAuthPolicy,
  readWebhookPage,
  redact,
  secretsEnvFile,
  secretValues,
  showCommand,
  showSql,
  stepLines,
  VAULT_CREATE_SQL,
  VAULT_UPDATE_SQL,
  vaultSecrets,
  vaultStatement,
  webhookListUrl,
  webhookUrl,
  type ListedWebhook,
} from '../../../scripts/setup-hosted/plan';
import { serviceRoleKey, TEST_PROJECT_REF } from './support/service-role-key';

const REF = TEST_PROJECT_REF;
const SERVICE_KEY = serviceRoleKey(REF);
const PASSWORD = 'p@ss:w/rd';
const SECRETS = [SERVICE_KEY, 're_secret_mail_key', 'sbp_secret_token', PASSWORD];

const config = readSetupConfig({
  SUPABASE_PROJECT_REF: REF,
  SUPABASE_DB_URL: `postgresql://postgres.${REF}:${encodeURIComponent(PASSWORD)}@aws-0-eu-west-2.pooler.supabase.com:5432/postgres`,
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
  SUPABASE_ACCESS_TOKEN: 'sbp_secret_token',
  MAIL_API_KEY: 're_secret_mail_key',
  MAIL_FROM: 'Kestrel Data <enquiries@example.com>',
  MAIL_INBOUND_DOMAIN: 'reply.example.co.uk',
  ENQUIRY_NOTIFY_TO: 'team@example.com',
  SITE_URL: 'https://www.example.com',
});
const jobs = readDeclaredJobs();
const FUNCTION_URL = `https://${REF}.supabase.co/functions/v1/send-enquiry-mail`;
const EVENTS_URL = `https://${REF}.supabase.co/functions/v1/mail-events`;
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const DELIVERY = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
];
const EVERY_EVENT = [...DELIVERY, 'email.received'];

/** An entry of the mail API's list of webhooks, as Resend's API reference gives it. */
const listed = (fields: Partial<ListedWebhook> & { created_at?: string } = {}) => ({
  id: '4dd369bc-aa82-4ff3-97de-514ae3000ee0',
  created_at: '2023-08-22T15:28:00.000Z',
  status: 'enabled',
  endpoint: EVENTS_URL,
  events: EVERY_EVENT,
  ...fields,
});
const page = (data: unknown[], hasMore = false) =>
  JSON.stringify({ object: 'list', has_more: hasMore, data });
const webhooksOf = (body: string) => {
  const read = readWebhookPage(200, body);
  if (!read.ok) throw new Error(read.message);
  return read.value.webhooks;
};

describe('setup:hosted steps', () => {
  it('prints exactly this plan in a dry run', () => {
    expect(dryRunLines(config, jobs)).toEqual([
      `setup:hosted: project ${REF}, dry run: nothing below runs`,
      '1/7 Migrations: supabase db push (no seed)',
      `   $ PGPASSWORD=*** supabase db push --db-url postgresql://postgres.${REF}@aws-0-eu-west-2.pooler.supabase.com:5432/postgres --yes`,
      '2/7 Edge Functions: deploy every one',
      `   $ SUPABASE_ACCESS_TOKEN=*** supabase functions deploy --project-ref ${REF} --use-api`,
      "3/7 The mail API's webhook to mail-events: delivery events and received mail",
      `   $ GET https://api.resend.com/webhooks?limit=100 (Authorization: Bearer ***), each page: none to ${EVENTS_URL} yet`,
      `   $ POST https://api.resend.com/webhooks (Authorization: Bearer ***) {"endpoint":"${EVENTS_URL}","events":["email.sent","email.delivered","email.delivery_delayed","email.bounced","email.complained","email.received"]}`,
      '     its signing secret becomes MAIL_WEBHOOK_SECRET (not shown); copy it from the mail API into .env for the next run',
      "4/7 The functions' secrets",
      '   sets MAIL_API_URL, MAIL_API_KEY, MAIL_FROM, MAIL_INBOUND_DOMAIN, ENQUIRY_NOTIFY_TO, SITE_URL, MAIL_WEBHOOK_SECRET (values not shown)',
      '     replies go to reply+<token>@reply.example.co.uk (MAIL_INBOUND_DOMAIN), whose mail the mail API must receive (Resend: Emails → Receiving)',
      `   $ SUPABASE_ACCESS_TOKEN=*** supabase secrets set --env-file <temporary file, deleted after> --project-ref ${REF}`,
      '5/7 Auth: password length, link lifetime, leaked-password protection',
      `   $ PATCH https://api.supabase.com/v1/projects/${REF}/config/auth (Authorization: Bearer ***) {"password_min_length":12,"mailer_otp_exp":3600}`,
      `   $ PATCH https://api.supabase.com/v1/projects/${REF}/config/auth (Authorization: Bearer ***) {"password_hibp_enabled":true}`,
      '     402 (a plan without it): reported, and the run goes on',
      "6/7 Vault: the function's URL and the service-role key",
      "   > select id, decrypted_secret from vault.decrypted_secrets where name = 'enquiry_mail_function_url'",
      `     none: select vault.create_secret('${FUNCTION_URL}', 'enquiry_mail_function_url')`,
      `     another value: select vault.update_secret(<id>::uuid, '${FUNCTION_URL}')`,
      '     the same value: nothing',
      "   > select id, decrypted_secret from vault.decrypted_secrets where name = 'enquiry_mail_service_key'",
      "     none: select vault.create_secret('***', 'enquiry_mail_service_key')",
      "     another value: select vault.update_secret(<id>::uuid, '***')",
      '     the same value: nothing',
      "7/7 Check: the schedules and the functions; the functions' proxy count",
      '   > select jobname, schedule, command, active from cron.job: each of 9 jobs active (send-enquiry-mail, purge-enquiry-mail, send-reply-reminders, send-follow-up-reminders, queue-weekly-summary, apply-retention, send-consultation-reminders, sync-busy-calendars, release-unconfirmed-consultations)',
      `   $ POST ${FUNCTION_URL} (Authorization: Bearer ***): healthy is 200 with the run summary`,
      `   $ POST ${FUNCTION_URL.replace('send-enquiry-mail', 'consultation')} {"action":"forwarding"} (Authorization: Bearer ***, X-Forwarded-For: 203.0.113.77): the proxies after the marker, stored by "update private.enquiry_limits set function_proxy_hops = $1 where function_proxy_hops <> $1"`,
    ]);
  });

  it('never prints a secret, in the plan or in what a step prints', () => {
    const printed = [
      ...dryRunLines(config, jobs),
      ...(['migrations', 'function', 'secrets', 'vault', 'check'] as const).flatMap((step) =>
        stepLines(step, config, jobs),
      ),
      showSql(
        VAULT_UPDATE_SQL,
        ['3f1c0e4e-0000-4000-8000-000000000000', SERVICE_KEY],
        secretValues(config),
      ),
    ].join('\n');
    for (const secret of [...SECRETS, encodeURIComponent(PASSWORD)]) {
      expect(printed).not.toContain(secret);
    }
    expect(secretValues(config)).toEqual(expect.arrayContaining(SECRETS));
  });

  it('masks each secret wherever it shows up, longest first', () => {
    expect(redact(`a ${SERVICE_KEY} b ${PASSWORD}${PASSWORD}`, secretValues(config))).toBe(
      'a *** b ******',
    );
    // a command's added environment is printed by name only
    expect(showCommand({ args: ['db', 'push'], env: { PGPASSWORD: PASSWORD } }, [])).toBe(
      '$ PGPASSWORD=*** supabase db push',
    );
  });

  it('keeps the database password off the command line', () => {
    const push = dbPushCommand(config);
    expect(push.args.join(' ')).not.toContain(encodeURIComponent(PASSWORD));
    expect(push.env).toEqual({ PGPASSWORD: PASSWORD });
    expect(databaseTarget('postgres://postgres@127.0.0.1:5555/postgres')).toEqual({
      cliUrl: 'postgres://postgres@127.0.0.1:5555/postgres?sslmode=disable',
      password: undefined,
    });
  });

  it("writes the function's secrets to the env file, quoted as is", () => {
    expect(secretsEnvFile(config, WEBHOOK_SECRET)).toBe(
      [
        "MAIL_API_URL='https://api.resend.com'",
        "MAIL_API_KEY='re_secret_mail_key'",
        "MAIL_FROM='Kestrel Data <enquiries@example.com>'",
        "MAIL_INBOUND_DOMAIN='reply.example.co.uk'",
        "ENQUIRY_NOTIFY_TO='team@example.com'",
        "SITE_URL='https://www.example.com'",
        `MAIL_WEBHOOK_SECRET='${WEBHOOK_SECRET}'`,
        '',
      ].join('\n'),
    );
  });

  it('creates a missing Vault secret, updates a different one, leaves an equal one', () => {
    const [url, key] = vaultSecrets(config);
    expect(url).toEqual({ name: 'enquiry_mail_function_url', value: FUNCTION_URL });
    expect(key).toEqual({ name: 'enquiry_mail_service_key', value: SERVICE_KEY });
    const id = '3f1c0e4e-0000-4000-8000-000000000000';
    expect(vaultStatement(key!, undefined)).toEqual({
      action: 'create',
      sql: VAULT_CREATE_SQL,
      params: [SERVICE_KEY, 'enquiry_mail_service_key'],
    });
    expect(vaultStatement(key!, { id, value: 'an older key' })).toEqual({
      action: 'update',
      sql: VAULT_UPDATE_SQL,
      params: [id, SERVICE_KEY],
    });
    expect(vaultStatement(key!, { id, value: null })).toMatchObject({ action: 'update' });
    expect(vaultStatement(key!, { id, value: SERVICE_KEY })).toEqual({ action: 'unchanged' });
    expect(VAULT_CREATE_SQL).toBe('select vault.create_secret($1, $2)');
    expect(VAULT_UPDATE_SQL).toBe('select vault.update_secret($1::uuid, $2)');
    expect(showSql(VAULT_UPDATE_SQL, [id, "it's"], [])).toBe(
      `> select vault.update_secret('${id}'::uuid, 'it''s')`,
    );
  });

  it('checks cron.job against every declared job', () => {
    expect(jobs.map((job) => job.jobname)).toEqual([
      'send-enquiry-mail',
      'purge-enquiry-mail',
      'send-reply-reminders',
      'send-follow-up-reminders',
      'queue-weekly-summary',
      'apply-retention',
      'send-consultation-reminders',
      'sync-busy-calendars',
      'release-unconfirmed-consultations',
    ]);
    const rows = jobs.map((job) => ({ ...job, active: true }));
    expect(scheduleProblems(jobs, rows)).toEqual([]);
    const [first, second, third] = rows;
    expect(
      scheduleProblems(jobs, [
        { ...first!, schedule: '*/5 * * * *' },
        { ...second!, active: false },
        third!,
      ]),
    ).toEqual([
      'send-enquiry-mail: scheduled as "*/5 * * * *" "select private.request_enquiry_mail_send()"',
      'purge-enquiry-mail: not active',
      'send-follow-up-reminders: not in cron.job',
      'queue-weekly-summary: not in cron.job',
      'apply-retention: not in cron.job',
      'send-consultation-reminders: not in cron.job',
      'sync-busy-calendars: not in cron.job',
      'release-unconfirmed-consultations: not in cron.job',
    ]);
  });

  it("reads the function's answer", () => {
    const summary = JSON.stringify({
      claimed: 0,
      sent: 0,
      retried: 0,
      failed: 0,
      skipped: 0,
      errors: 0,
    });
    expect(judgeFunctionAnswer(200, summary)).toEqual({
      ok: true,
      message: 'the function answered 200: 0 mail due, 0 sent',
    });
    expect(judgeFunctionAnswer(200, '<html>')).toMatchObject({ ok: false, retry: false });
    expect(judgeFunctionAnswer(404, '')).toMatchObject({ ok: false, retry: true });
    expect(judgeFunctionAnswer(500, '{"error":"The sender is not configured."}')).toMatchObject({
      ok: false,
      retry: true,
    });
    expect(judgeFunctionAnswer(401, '')).toMatchObject({ ok: false, retry: false });
    expect(judgeFunctionAnswer(502, '')).toMatchObject({ ok: false, retry: false });
  });

  it("sets the hosted project's Auth to supabase/config.toml's password minimum and link lifetime", () => {
    const policy = readAuthPolicy();
    expect(policy).toEqual({ minimumPasswordLength: 12, otpExpirySeconds: 3600 });
    expect(authBodies(policy)).toEqual({
      settings: { password_min_length: 12, mailer_otp_exp: 3600 },
      leakedPasswords: { password_hibp_enabled: true },
    });
  });

  it('reads the answers of the Auth settings: only the values asked for count as set', () => {
    const asked = { password_min_length: 12, mailer_otp_exp: 3600 };
    expect(
      judgeAuthSettings(200, JSON.stringify({ ...asked, site_url: 'https://x.example' }), asked),
    ).toEqual({ ok: true, message: 'set: password_min_length = 12, mailer_otp_exp = 3600' });
    expect(
      judgeAuthSettings(200, JSON.stringify({ ...asked, password_min_length: 8 }), asked),
    ).toEqual({ ok: false, message: '200, but the project holds password_min_length = 8' });
    expect(judgeAuthSettings(401, '{"message":"Unauthorized"}', asked)).toMatchObject({
      ok: false,
      message: expect.stringContaining('refused SUPABASE_ACCESS_TOKEN') as string,
    });
    expect(judgeAuthSettings(404, '', asked).ok).toBe(false);
    expect(judgeAuthSettings(500, 'oops', asked)).toEqual({ ok: false, message: '500: oops' });
  });

  it("reports a plan's refusal of leaked-password protection, and goes on", () => {
    expect(judgeLeakedPasswords(200, '{}')).toEqual({
      ok: true,
      message: 'leaked-password protection: on',
    });
    const refused = judgeLeakedPasswords(
      402,
      '{"message":"Configuring leaked password protection via HaveIBeenPwned.org is available on Pro Plans and up."}',
    );
    expect(refused.ok).toBe(true);
    expect(refused).toMatchObject({
      warning: expect.stringContaining('NOT turned on') as string,
    });
    expect(refused.message).toContain('Pro');
    expect(judgeLeakedPasswords(500, 'oops')).toEqual({
      ok: false,
      message: 'leaked-password protection: 500: oops',
    });
  });

  it("reads the mail API's list of webhooks, page by page", () => {
    const other = listed({
      id: 'w-other',
      endpoint: 'https://elsewhere.test/hook',
      events: DELIVERY,
    });
    const ours = listed({ id: 'w-ours', status: 'disabled', events: DELIVERY });
    expect(readWebhookPage(200, page([other, ours]))).toEqual({
      ok: true,
      value: {
        webhooks: [
          {
            id: 'w-other',
            endpoint: 'https://elsewhere.test/hook',
            events: DELIVERY,
            status: 'enabled',
          },
          { id: 'w-ours', endpoint: EVENTS_URL, events: DELIVERY, status: 'disabled' },
        ],
        next: undefined,
      },
    });
    // has_more: the next page starts after the last webhook of this one
    expect(readWebhookPage(200, page([other, ours], true))).toMatchObject({
      ok: true,
      value: { next: 'w-ours' },
    });
    expect(webhookListUrl(config)).toBe('https://api.resend.com/webhooks?limit=100');
    expect(webhookListUrl(config, 'w-ours')).toBe(
      'https://api.resend.com/webhooks?limit=100&after=w-ours',
    );
    expect(readWebhookPage(200, page([]))).toEqual({
      ok: true,
      value: { webhooks: [], next: undefined },
    });
    // an entry without events or status: none of either, and enabled
    expect(webhooksOf(JSON.stringify({ data: [{ id: 'w1', endpoint: EVENTS_URL }] }))).toEqual([
      { id: 'w1', endpoint: EVENTS_URL, events: [], status: undefined },
    ]);
  });

  it('refuses a list it cannot read, rather than take it for no webhook', () => {
    const refusal = (status: number, body: string) => {
      const read = readWebhookPage(status, body);
      return read.ok ? 'read' : read.message;
    };
    for (const body of ['{"object":"list","has_more":false}', '{"data":{}}', 'null', '[]']) {
      expect(refusal(200, body)).toBe(
        `listing webhooks: 200 without a "data" list of webhooks: ${body}`,
      );
    }
    expect(refusal(200, '<html>')).toMatch(/without a "data" list/);
    expect(refusal(200, page([{ endpoint: EVENTS_URL }]))).toMatch(
      /an entry without an id or an endpoint/,
    );
    expect(refusal(200, page([], true))).toMatch(/has_more on an empty page/);
    expect(refusal(401, '{"name":"restricted_api_key"}')).toMatch(
      /refused MAIL_API_KEY; it must be a key with full access/,
    );
    expect(refusal(500, 'oops')).toBe('listing webhooks: 500: oops');
  });

  it('registers the webhook only when none goes to mail-events yet', () => {
    const other = webhooksOf(page([listed({ endpoint: 'https://elsewhere.test/hook' })]));
    expect(planWebhook(other, EVENTS_URL, false)).toEqual({
      ok: true,
      value: { action: 'create' },
    });
    const known = planWebhook(webhooksOf(page([listed()])), EVENTS_URL, false);
    expect(!known.ok && known.message).toBe(
      `the mail API has a webhook to ${EVENTS_URL} already; set MAIL_WEBHOOK_SECRET to its signing secret (the mail API's dashboard → Webhooks) and run again`,
    );
    const old = planWebhook(webhooksOf(page([listed({ events: DELIVERY })])), EVENTS_URL, false);
    expect(!old.ok && old.message).toMatch(
      /set MAIL_WEBHOOK_SECRET to its signing secret .*; it lacks email\.received, which that run adds$/,
    );
  });

  it('with the secret given, adds the events the webhook lacks and keeps its own', () => {
    const full = planWebhook(webhooksOf(page([listed()])), EVENTS_URL, true);
    expect(full).toEqual({ ok: true, value: { action: 'keep', updates: [], warnings: [] } });

    const delivery = webhooksOf(
      page([listed({ id: 'w1', events: [...DELIVERY, 'email.opened'] })]),
    );
    expect(planWebhook(delivery, EVENTS_URL, true)).toEqual({
      ok: true,
      value: {
        action: 'keep',
        updates: [
          {
            id: 'w1',
            missing: ['email.received'],
            events: [...DELIVERY, 'email.opened', 'email.received'],
          },
        ],
        warnings: [],
      },
    });
    expect(webhookUrl(config, 'w1')).toBe('https://api.resend.com/webhooks/w1');

    const none = planWebhook(
      webhooksOf(page([listed({ endpoint: 'https://elsewhere.test/hook' })])),
      EVENTS_URL,
      true,
    );
    expect(!none.ok && none.message).toMatch(
      /^MAIL_WEBHOOK_SECRET is given, but the mail API has no webhook to .*mail-events: .*Remove MAIL_WEBHOOK_SECRET and run again/,
    );
  });

  it('warns of a disabled webhook and of a second one to mail-events', () => {
    const plan = planWebhook(
      webhooksOf(page([listed({ id: 'w1' }), listed({ id: 'w2', status: 'disabled' })])),
      EVENTS_URL,
      true,
    );
    expect(plan.ok && plan.value).toEqual({
      action: 'keep',
      updates: [],
      warnings: [
        expect.stringMatching(/^the mail API has 2 webhooks to .* \(w1, w2\): .*delete the others/),
        expect.stringMatching(/^the webhook w2 to .* is disabled: .*until it is enabled/),
      ],
    });
  });

  it("reads the answer to a webhook's update, and says how to add the events by hand", () => {
    const update = { id: 'w1', missing: ['email.received'] };
    expect(judgeWebhookUpdated(200, '{"object":"webhook","id":"w1"}', update)).toEqual({
      ok: true,
      value: 'webhook w1: added email.received',
    });
    const refused = judgeWebhookUpdated(422, '{"message":"invalid event"}', update);
    expect(!refused.ok && refused.message).toBe(
      'adding email.received to the webhook w1: 422: {"message":"invalid event"}; add the events by hand (the mail API\'s dashboard → Webhooks → edit the webhook) and run again',
    );
  });

  it("keeps the new webhook's signing secret, and refuses an answer without one", () => {
    const created = JSON.stringify({
      object: 'webhook',
      id: '4dd369bc-aa82-4ff3-97de-514ae3000ee0',
      signing_secret: WEBHOOK_SECRET,
    });
    expect(judgeWebhookCreated(201, created)).toEqual({ ok: true, value: WEBHOOK_SECRET });
    expect(judgeWebhookCreated(200, created)).toEqual({ ok: true, value: WEBHOOK_SECRET });
    expect(judgeWebhookCreated(200, '{"id":"w1"}').ok).toBe(false);
    expect(judgeWebhookCreated(200, 'null').ok).toBe(false);
    const invalid = judgeWebhookCreated(422, '{"message":"endpoint must be https"}');
    expect(!invalid.ok && invalid.message).toMatch(/422: .*endpoint must be https/);
  });

  it('with the webhook secret given, checks the events of the webhook and masks the secret', () => {
    const given = readSetupConfig({
      SUPABASE_PROJECT_REF: REF,
      SUPABASE_DB_URL: `postgresql://postgres.${REF}:x@db.example.com:5432/postgres`,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      MAIL_API_KEY: 're_secret_mail_key',
      MAIL_FROM: 'Kestrel Data <enquiries@example.com>',
      MAIL_INBOUND_DOMAIN: 'abc123.resend.app',
      ENQUIRY_NOTIFY_TO: 'team@example.com',
      SITE_URL: 'https://www.example.com',
      MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    expect(stepLines('webhook', given, jobs)).toEqual([
      `$ GET https://api.resend.com/webhooks?limit=100 (Authorization: Bearer ***), each page: the webhook to ${EVENTS_URL} (MAIL_WEBHOOK_SECRET is given)`,
      `  lacking any of ${EVERY_EVENT.join(', ')}: $ PATCH https://api.resend.com/webhooks/<id> (Authorization: Bearer ***) {"events":[its own, then the missing ones]}`,
      '  none: refused (remove MAIL_WEBHOOK_SECRET to register one); disabled, or more than one: a warning',
    ]);
    expect(secretValues(given)).toContain(WEBHOOK_SECRET);
    expect(dryRunLines(given, jobs).join('\n')).not.toContain(WEBHOOK_SECRET);
  });
});
