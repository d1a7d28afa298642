import { describe, expect, it } from 'vitest';

import { authMessages } from '@/features/auth/auth-messages';
import { mfaCodeSchema, signInSchema, signUpSchema } from '@/features/auth/auth-schemas';

type Parseable = {
  safeParse: (input: unknown) => {
    success: boolean;
    error?: { issues: readonly { message: string; path: readonly PropertyKey[] }[] };
  };
};

/** Every issue a form's schema reports, as the message and the field it is about. */
function issues(schema: Parseable, input: unknown) {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).map(({ message, path }) => ({
    message,
    field: path.join('.'),
  }));
}

const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse' };

describe('the sign-up schema', () => {
  it('uses the fixed wording for every message', () => {
    expect(authMessages.fillAllFields).toBe('Please fill in all fields');
    expect(authMessages.passwordTooShort).toBe('Password must be at least 12 characters long');
    expect(authMessages.invalidEmail).toBe('Please enter a valid email address');
    expect(authMessages.enterEmailAndPassword).toBe('Please enter both email and password');
  });

  it('accepts a complete, valid form, trimming the name and e-mail but not the password', () => {
    expect(
      signUpSchema.parse({
        fullName: '  Ada ',
        email: ' ada@example.com ',
        password: ' pass phrase ',
      }),
    ).toEqual({ fullName: 'Ada', email: 'ada@example.com', password: ' pass phrase ' });
  });

  it.each([
    ['fullName', { ...valid, fullName: '' }],
    ['fullName', { ...valid, fullName: '   ' }],
    ['email', { ...valid, email: '' }],
    ['email', { ...valid, email: ' \t ' }],
    ['password', { ...valid, password: '' }],
  ] as const)('requires every field (%s missing)', (field, input) => {
    expect(issues(signUpSchema, input)).toEqual([{ message: 'Please fill in all fields', field }]);
  });

  it('reports only the first empty field when several are empty', () => {
    expect(issues(signUpSchema, { fullName: '', email: '', password: '' })).toEqual([
      { message: 'Please fill in all fields', field: 'fullName' },
    ]);
    expect(issues(signUpSchema, { ...valid, email: '', password: '' })).toEqual([
      { message: 'Please fill in all fields', field: 'email' },
    ]);
  });

  it('requires at least 12 password characters (11 fails, 12 passes)', () => {
    expect(issues(signUpSchema, { ...valid, password: '12345678901' })).toEqual([
      { message: 'Password must be at least 12 characters long', field: 'password' },
    ]);
    expect(issues(signUpSchema, { ...valid, password: '123456789012' })).toEqual([]);
    // what is counted is characters as typed, spaces included: a passphrase is welcome.
    expect(issues(signUpSchema, { ...valid, password: 'four word pw' })).toEqual([]);
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])(
    'rejects the e-mail %j',
    (email) => {
      expect(issues(signUpSchema, { ...valid, email })).toEqual([
        { message: 'Please enter a valid email address', field: 'email' },
      ]);
    },
  );

  it('checks the fields, then the password length, then the e-mail format, one message at a time', () => {
    expect(issues(signUpSchema, { fullName: '', email: 'nope', password: 'short' })).toEqual([
      { message: 'Please fill in all fields', field: 'fullName' },
    ]);
    expect(issues(signUpSchema, { ...valid, email: 'nope', password: 'short' })).toEqual([
      { message: 'Password must be at least 12 characters long', field: 'password' },
    ]);
  });

  it('accepts e-mails of the shape text@text.text, ignoring outer spaces', () => {
    expect(issues(signUpSchema, { ...valid, email: 'a.b+c@sub.example.co.uk' })).toEqual([]);
    expect(issues(signUpSchema, { ...valid, email: '  ada@example.com ' })).toEqual([]);
  });

  it('refuses anything that is not the three strings', () => {
    expect(signUpSchema.safeParse({ ...valid, password: 12345678 }).success).toBe(false);
    expect(signUpSchema.safeParse({ email: valid.email, password: valid.password }).success).toBe(
      false,
    );
  });
});

describe('the sign-in schema', () => {
  it('needs both e-mail and password, the e-mail first', () => {
    expect(issues(signInSchema, { email: '', password: '' })).toEqual([
      { message: 'Please enter both email and password', field: 'email' },
    ]);
    expect(issues(signInSchema, { email: '  ', password: 'x' })).toEqual([
      { message: 'Please enter both email and password', field: 'email' },
    ]);
    expect(issues(signInSchema, { email: 'ada@example.com', password: '' })).toEqual([
      { message: 'Please enter both email and password', field: 'password' },
    ]);
  });

  it('leaves the e-mail shape and password length to the server, and trims only the e-mail', () => {
    expect(signInSchema.parse({ email: ' ada ', password: ' x ' })).toEqual({
      email: 'ada',
      password: ' x ',
    });
  });
});

describe('the code schema', () => {
  it('asks for the code, then for six digits', () => {
    expect(issues(mfaCodeSchema, { code: '' })).toEqual([
      { message: 'Please enter the 6-digit code from your authenticator app', field: 'code' },
    ]);
    expect(issues(mfaCodeSchema, { code: '   ' })).toEqual([
      { message: 'Please enter the 6-digit code from your authenticator app', field: 'code' },
    ]);
    for (const code of ['12345', '12a456', '1234567', '١٢٣٤٥٦']) {
      expect(issues(mfaCodeSchema, { code }), code).toEqual([
        { message: 'The code is 6 digits, with no letters', field: 'code' },
      ]);
    }
  });

  it('accepts a code typed with spaces and sends it without them', () => {
    expect(mfaCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
  });
});
