// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  parseOptions,
  readSetupConfig,
  SetupUsageError,
} from '../../../scripts/setup-hosted/config';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/local-keys';
import { serviceRoleKey, TEST_PROJECT_REF } from './support/service-role-key';

const REF = TEST_PROJECT_REF;
const serviceKey = serviceRoleKey;

const VALID = {
  SUPABASE_PROJECT_REF: REF,
  SUPABASE_DB_URL: `postgresql://postgres:p%40ss@db.${REF}.supabase.co:5432/postgres`,
  SUPABASE_SERVICE_ROLE_KEY: serviceKey(REF),
  MAIL_API_KEY: 're_secret_mail_key',
  MAIL_FROM: 'Kestrel Data <enquiries@example.com>',
  MAIL_INBOUND_DOMAIN: 'reply.example.co.uk',
  ENQUIRY_NOTIFY_TO: 'team@example.com',
  SITE_URL: 'https://www.example.com/',
};

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    readSetupConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SetupUsageError);
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  throw new Error('readSetupConfig accepted the environment');
};

describe('setup:hosted settings', () => {
  it('names every missing value at once, and only those', () => {
    expect(problemsOf({ SITE_URL: '  ', MAIL_API_URL: '' })).toEqual([
      'SUPABASE_PROJECT_REF is not set: the project ref (https://<ref>.supabase.co)',
      'SUPABASE_DB_URL is not set: the database connection string (Dashboard → Connect), password included',
      "SUPABASE_SERVICE_ROLE_KEY is not set: the project's service_role key (Dashboard → API keys)",
      "MAIL_API_KEY is not set: the mail API's key",
      'MAIL_FROM is not set: the sender address, on a domain verified with the mail API',
      'MAIL_INBOUND_DOMAIN is not set: the domain the mail API receives replies on: mail to a prospect carries Reply-To: reply+<token>@<this domain>, and the answer is threaded into the enquiry (Resend: Emails → Receiving; your own subdomain with its MX record, or the <id>.resend.app one)',
      'ENQUIRY_NOTIFY_TO is not set: the staff address notified of each enquiry',
      "SITE_URL is not set: the site's origin, for the links in the mail",
    ]);
  });

  it('names every malformed value along with the missing ones', () => {
    const problems = problemsOf({
      ...VALID,
      SUPABASE_PROJECT_REF: 'My-Project',
      SUPABASE_DB_URL: 'mysql://db.example.com/site',
      MAIL_API_URL: 'smtp://mail.example.com',
      MAIL_FROM: "O'Brien <obrien@example.com>",
      ENQUIRY_NOTIFY_TO: 'nobody',
      MAIL_API_KEY: undefined,
    });
    expect(problems).toEqual([
      "MAIL_API_KEY is not set: the mail API's key",
      'MAIL_API_URL must be an http(s) URL, got "smtp://mail.example.com"',
      'ENQUIRY_NOTIFY_TO must be an e-mail address (or "Name <address>"), got "nobody"',
      'SUPABASE_PROJECT_REF must be a project ref (20 lower-case letters, as in https://<ref>.supabase.co), got "My-Project"',
      'SUPABASE_DB_URL must be a postgres:// or postgresql:// connection URL, its password percent-encoded',
      'MAIL_FROM cannot contain a single quote or a line break.',
    ]);
  });

  it("takes only this project's service_role JWT", () => {
    const keyProblem = (key: string) =>
      problemsOf({ ...VALID, SUPABASE_SERVICE_ROLE_KEY: key }).join('\n');
    expect(keyProblem(LOCAL_ANON_KEY)).toContain('holds a key for the "anon" role');
    expect(keyProblem('sb_publishable_abc')).toContain('holds a publishable key');
    expect(keyProblem('sb_secret_abc')).toContain('holds a secret API key (sb_secret_…)');
    expect(keyProblem('not-a-jwt')).toContain('is not a JWT');
    expect(keyProblem(LOCAL_SERVICE_ROLE_KEY)).toContain('is the local demo key');
    expect(keyProblem(serviceKey('zyxwvutsrqponmlkjihg'))).toBe(
      `SUPABASE_SERVICE_ROLE_KEY belongs to project zyxwvutsrqponmlkjihg, not SUPABASE_PROJECT_REF ${REF}.`,
    );
  });

  it('never repeats a secret in its refusal', () => {
    const message = (() => {
      try {
        readSetupConfig({ ...VALID, SUPABASE_DB_URL: 'postgres://u:hunter2@', MAIL_FROM: 'x' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toContain('SUPABASE_DB_URL must be');
    for (const secret of ['hunter2', VALID.SUPABASE_SERVICE_ROLE_KEY, VALID.MAIL_API_KEY]) {
      expect(message).not.toContain(secret);
    }
  });

  it('reads a complete environment, with the default mail API', () => {
    expect(readSetupConfig({ ...VALID, SUPABASE_ACCESS_TOKEN: ' sbp_token ' })).toEqual({
      projectRef: REF,
      dbUrl: VALID.SUPABASE_DB_URL,
      serviceRoleKey: VALID.SUPABASE_SERVICE_ROLE_KEY,
      accessToken: 'sbp_token',
      functionSecrets: {
        MAIL_API_URL: 'https://api.resend.com',
        MAIL_API_KEY: 're_secret_mail_key',
        MAIL_FROM: 'Kestrel Data <enquiries@example.com>',
        MAIL_INBOUND_DOMAIN: 'reply.example.co.uk',
        ENQUIRY_NOTIFY_TO: 'team@example.com',
        SITE_URL: 'https://www.example.com',
      },
      webhookSecret: undefined,
    });
  });

  it('takes the inbound domain as a bare domain name only', () => {
    const domainOf = (value: string) =>
      readSetupConfig({ ...VALID, MAIL_INBOUND_DOMAIN: value }).functionSecrets.MAIL_INBOUND_DOMAIN;
    expect(domainOf(' reply.example.co.uk ')).toBe('reply.example.co.uk');
    expect(domainOf('cool-hedgehog-42.resend.app')).toBe('cool-hedgehog-42.resend.app');
    for (const value of [
      'https://reply.example.co.uk',
      'reply.example.co.uk/inbound',
      'reply@example.co.uk',
      'reply+token@reply.example.co.uk',
      'Reply.Example.co.uk',
      'localhost',
      'reply..example.co.uk',
      '-reply.example.co.uk',
      'reply.example.co.uk.',
      'reply.example.123',
      'reply.example.c',
      'reply example.co.uk',
    ]) {
      expect(problemsOf({ ...VALID, MAIL_INBOUND_DOMAIN: value })).toEqual([
        `MAIL_INBOUND_DOMAIN must be the bare domain the mail API receives replies on, in lower case (letters, digits, hyphens and dots, e.g. reply.example.co.uk or <id>.resend.app; no scheme, no @, no path; Resend: Emails → Receiving), got "${value}"`,
      ]);
    }
  });

  it('takes the delivery webhook secret when given, and refuses a malformed one', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(readSetupConfig({ ...VALID, MAIL_WEBHOOK_SECRET: secret }).webhookSecret).toBe(secret);
    expect(() => readSetupConfig({ ...VALID, MAIL_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(
      /MAIL_WEBHOOK_SECRET must be the webhook signing secret/,
    );
  });

  it('parses its options', () => {
    expect(parseOptions([])).toEqual({ dryRun: false, onlyDatabase: false });
    expect(parseOptions(['--dry-run'])).toEqual({ dryRun: true, onlyDatabase: false });
    expect(parseOptions(['--only', 'database'])).toEqual({ dryRun: false, onlyDatabase: true });
    expect(parseOptions(['--help'])).toBe('help');
    expect(() => parseOptions(['--only', 'function'])).toThrow('--only takes "database"');
    expect(() => parseOptions(['--force'])).toThrow(SetupUsageError);
  });
});
