import { describe, expect, it } from 'vitest';

import { authMessages } from '@/features/auth/auth-messages';
import { isValidEmail, validateSignIn, validateSignUp } from '@/features/auth/auth-validation';

const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse' };

describe('sign-up validation', () => {
  it('uses the fixed wording for every message', () => {
    expect(authMessages.fillAllFields).toBe('Please fill in all fields');
    expect(authMessages.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(authMessages.invalidEmail).toBe('Please enter a valid email address');
    expect(authMessages.enterEmailAndPassword).toBe('Please enter both email and password');
  });

  it('accepts a complete, valid form', () => {
    expect(validateSignUp(valid)).toBeNull();
  });

  it.each([
    ['fullName', { ...valid, fullName: '' }],
    ['fullName', { ...valid, fullName: '   ' }],
    ['email', { ...valid, email: '' }],
    ['password', { ...valid, password: '' }],
  ] as const)('requires every field (%s missing)', (field, input) => {
    expect(validateSignUp(input)).toEqual({ message: 'Please fill in all fields', field });
  });

  it('requires at least 8 password characters (7 fails, 8 passes)', () => {
    expect(validateSignUp({ ...valid, password: '1234567' })).toEqual({
      message: 'Password must be at least 8 characters long',
      field: 'password',
    });
    expect(validateSignUp({ ...valid, password: '12345678' })).toBeNull();
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])(
    'rejects the e-mail %j',
    (email) => {
      expect(validateSignUp({ ...valid, email })).toEqual({
        message: 'Please enter a valid email address',
        field: 'email',
      });
    },
  );

  it('checks the fields, then the password length, then the e-mail format', () => {
    expect(validateSignUp({ ...valid, email: 'nope', password: 'short' })?.field).toBe('password');
  });

  it('accepts e-mails of the shape text@text.text, ignoring outer spaces', () => {
    expect(isValidEmail('a.b+c@sub.example.co.uk')).toBe(true);
    expect(validateSignUp({ ...valid, email: '  ada@example.com ' })).toBeNull();
  });
});

describe('sign-in validation', () => {
  it('needs both e-mail and password', () => {
    expect(validateSignIn({ email: '', password: 'x' })).toEqual({
      message: 'Please enter both email and password',
      field: 'email',
    });
    expect(validateSignIn({ email: 'ada@example.com', password: '' })).toEqual({
      message: 'Please enter both email and password',
      field: 'password',
    });
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toBeNull();
  });
});
