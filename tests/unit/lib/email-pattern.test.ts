import { describe, expect, it } from 'vitest';

import { isEmailAddress } from '@/lib/email-pattern';

describe('isEmailAddress', () => {
  it.each(['name@example.com', 'a.b+c@sub.example.co.uk'])('accepts %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each(['', 'name', 'name@example', 'na me@example.com', 'a@b@example.com', '@example.com'])(
    'refuses %j',
    (value) => {
      expect(isEmailAddress(value)).toBe(false);
    },
  );
});
