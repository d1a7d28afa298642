const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A made-up project's ref, in the 20 lower-case letters Supabase gives one. */
export const TEST_PROJECT_REF = 'abcdefghijklmnopqrst';

/** A service_role JWT of a made-up project: only its claims are read, so it is not signed. */
export const serviceRoleKey = (ref: string = TEST_PROJECT_REF) =>
  [
    part({ alg: 'HS256', typ: 'JWT' }),
    part({ iss: 'supabase', ref, role: 'service_role' }),
    'c2ln',
  ].join('.');
