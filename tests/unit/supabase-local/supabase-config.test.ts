// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isLocalHost, originsOf } from '../../../supabase/local/http';
import { limits } from '../../../src/config/site';
import {
  CLI_AUTH_POLICY_DEFAULTS,
  CLI_AUTH_RATE_LIMIT_DEFAULTS,
  parseTomlTables,
  readSupabaseConfig,
} from '../../../supabase/local/supabase-config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'supabase-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded backend's reading of supabase/config.toml", () => {
  it("reads the project's own file: the site's other origins and [auth.rate_limit]", () => {
    const config = readSupabaseConfig('supabase/config.toml');
    expect(config.additionalRedirectUrls).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:4173',
      'http://127.0.0.1:4173',
    ]);
    expect(config.authRateLimit).toEqual({
      email_sent: 2,
      sign_in_sign_ups: 30,
      token_refresh: 150,
      token_verifications: 30,
    });
  });

  it("reads the password minimum and the confirmation lifetime, which the sign-up form's check matches", () => {
    const config = readSupabaseConfig('supabase/config.toml');
    expect(config.authPolicy).toEqual({ minimumPasswordLength: 12, otpExpirySeconds: 3600 });
    expect(limits.minPasswordLength).toBe(config.authPolicy.minimumPasswordLength);
  });

  it("uses the CLI's password minimum and link lifetime when left out, and names a bad one", () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, '[auth]\nminimum_password_length = 14\n');
    expect(readSupabaseConfig(file).authPolicy).toEqual({
      ...CLI_AUTH_POLICY_DEFAULTS,
      minimumPasswordLength: 14,
    });
    writeFileSync(file, '[auth.email]\notp_expiry = 0\n');
    expect(() => readSupabaseConfig(file)).toThrow(
      `${file}: [auth.email] otp_expiry must be a whole number of 1 or more, got 0`,
    );
  });

  it('parses tables, comments, quoted # and arrays over several lines', () => {
    const tables = parseTomlTables(
      [
        'top = "a # not a comment" # a comment',
        '[auth]',
        'urls = [',
        '  "http://x:1", # first',
        "  'http://y:2',",
        ']',
        'on = true',
        'inline = { a = 1 }',
        '[auth.rate_limit]',
        'email_sent = 1_000',
      ].join('\n'),
    );
    expect(tables.get('')?.get('top')).toBe('a # not a comment');
    expect(tables.get('auth')?.get('urls')).toEqual(['http://x:1', 'http://y:2']);
    expect(tables.get('auth')?.get('on')).toBe(true);
    expect(tables.get('auth')?.has('inline')).toBe(false);
    expect(tables.get('auth.rate_limit')?.get('email_sent')).toBe(1000);
  });

  it("uses the CLI's defaults for missing keys or a missing file, and names a bad value", () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, '[auth.rate_limit]\ntoken_refresh = 10\n');
    expect(readSupabaseConfig(file).authRateLimit).toEqual({
      ...CLI_AUTH_RATE_LIMIT_DEFAULTS,
      token_refresh: 10,
    });
    expect(readSupabaseConfig(join(dir, 'missing.toml'))).toEqual({
      additionalRedirectUrls: [],
      authPolicy: CLI_AUTH_POLICY_DEFAULTS,
      authRateLimit: CLI_AUTH_RATE_LIMIT_DEFAULTS,
      verifyJwt: {},
    });
    writeFileSync(file, '[auth.rate_limit]\nemail_sent = "two"\n');
    expect(() => readSupabaseConfig(file)).toThrow(
      `${file}: [auth.rate_limit] email_sent must be a whole number of 0 or more, got "two"`,
    );
  });
});

describe('verify_jwt of each function', () => {
  it('is read per [functions.<name>] table; a table without the key says nothing', () => {
    const file = join(dir, 'config.toml');
    writeFileSync(
      file,
      [
        '[functions.open]',
        'verify_jwt = false',
        '[functions.closed]',
        'verify_jwt = true',
        '[functions.quiet]',
        'enabled = true',
        '[functions]',
        'verify_jwt = false',
      ].join('\n'),
    );
    expect(readSupabaseConfig(file).verifyJwt).toEqual({ open: false, closed: true });
    writeFileSync(file, '[functions.open]\nverify_jwt = "no"\n');
    expect(() => readSupabaseConfig(file)).toThrow(
      `${file}: [functions.open] verify_jwt must be true or false, got "no"`,
    );
  });
});

describe('origins and hosts of the local-only routes', () => {
  it('turns URLs into the origins a browser sends, skipping patterns', () => {
    expect([
      ...originsOf(['http://localhost:5173/', 'https://site.example/path', 'http://*.example']),
    ]).toEqual(['http://localhost:5173', 'https://site.example']);
  });

  it('takes loopback names and the bound address as this machine, and nothing else', () => {
    for (const host of ['localhost:54321', '127.0.0.1:54321', '127.1.2.3', '[::1]:54321']) {
      expect(isLocalHost(host, '127.0.0.1')).toBe(true);
    }
    expect(isLocalHost('192.168.1.5:54321', '192.168.1.5')).toBe(true);
    for (const host of [undefined, 'attacker.example:54321', '127.0.0.1.attacker.example']) {
      expect(isLocalHost(host, '127.0.0.1')).toBe(false);
    }
  });
});
