import { deepStrictEqual } from 'node:assert/strict';
import { DATABASE_ENV, readEnv, secret, url, type EnvRule } from './env.ts';

const address: EnvRule = {
  kind: 'checked',
  check: (text) => (/^[^@\s]+@[^@\s]+$/.test(text) ? text : null),
  expected: 'one e-mail address',
};

Deno.test('names every missing or bad variable, and reads none of them', () => {
  deepStrictEqual(
    readEnv((name) => ({ SITE_URL: 'ftp://x', MAIL_FROM: 'nobody' })[name], {
      ...DATABASE_ENV,
      siteUrl: ['SITE_URL', url],
      from: ['MAIL_FROM', address],
    }),
    {
      ok: false,
      problems: [
        'SUPABASE_URL must be an http(s) URL, got ""',
        'SUPABASE_SERVICE_ROLE_KEY is not set',
        'SITE_URL must be an http(s) URL, got "ftp://x"',
        'MAIL_FROM must be one e-mail address, got "nobody"',
      ],
    },
  );
});

Deno.test('trims every value and a URL of its trailing slashes', () => {
  const values: Record<string, string> = {
    SUPABASE_URL: ' https://abcd.supabase.co// ',
    SUPABASE_SERVICE_ROLE_KEY: ' key ',
    KEY: 'k',
  };
  deepStrictEqual(
    readEnv((name) => values[name], { ...DATABASE_ENV, key: ['KEY', secret] }),
    {
      ok: true,
      env: { supabaseUrl: 'https://abcd.supabase.co', serviceRoleKey: 'key', key: 'k' },
    },
  );
});

Deno.test('a URL with a space in it is refused', () => {
  const result = readEnv((name) => (name === 'U' ? 'https://a b.test' : undefined), {
    u: ['U', url],
  });
  deepStrictEqual(result, {
    ok: false,
    problems: ['U must be an http(s) URL, got "https://a b.test"'],
  });
});
