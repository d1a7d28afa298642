// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { EnvError, readNodeEnv } from '../../../scripts/env/node-env';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/local-keys';

describe('the Node environment', () => {
  it('reads only the variables asked for, trimmed, with their defaults', () => {
    const env = { MAIL_FROM: 'not an address', LOCAL_SUPABASE_PORT: ' 6000 ' };
    expect(readNodeEnv(env, ['LOCAL_SUPABASE_PORT', 'LOCAL_ENQUIRY_MAIL_INTERVAL_MS'])).toEqual({
      LOCAL_SUPABASE_PORT: 6000,
      LOCAL_ENQUIRY_MAIL_INTERVAL_MS: 3000,
    });
  });

  it('lists every bad variable asked for, each by name', () => {
    const read = () =>
      readNodeEnv({ MAIL_FROM: 'nobody', MAIL_API_URL: 'smtp://mail', LOCAL_ENQUIRY_LIMITS: 'x' }, [
        'MAIL_FROM',
        'MAIL_API_URL',
        'LOCAL_ENQUIRY_LIMITS',
      ]);
    expect(read).toThrow(EnvError);
    expect(read).toThrow(
      [
        'MAIL_API_URL must be an http(s) URL, got "smtp://mail"',
        'MAIL_FROM must be an e-mail address (or "Name <address>"), got "nobody"',
        'LOCAL_ENQUIRY_LIMITS must be "local" or "migrated", got "x"',
      ].join('\n'),
    );
  });

  it('takes a named address, and refuses a key that is not the service-role key', () => {
    expect(readNodeEnv({ MAIL_FROM: 'Kestrel <hello@example.com>' }, ['MAIL_FROM'])).toEqual({
      MAIL_FROM: 'Kestrel <hello@example.com>',
    });
    const key = (value: string) => () =>
      readNodeEnv({ SUPABASE_SERVICE_ROLE_KEY: value }, ['SUPABASE_SERVICE_ROLE_KEY']);
    expect(key(LOCAL_SERVICE_ROLE_KEY)()).toEqual({
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(key(LOCAL_ANON_KEY)).toThrow('holds a key for the "anon" role');
    expect(key('sb_publishable_abc')).toThrow('holds a publishable key');
  });
});
