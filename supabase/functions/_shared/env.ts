/**
 * The one reader of an Edge Function's settings. Each function names the variables it needs and
 * what each must be; the reader checks them all at once and says, for each problem, which
 * variable and why, so a misconfigured function logs everything wrong in one line. Given a
 * getter (Deno.env.get on Supabase, process.env in the embedded backend and the tests).
 */

export type EnvGetter = (name: string) => string | undefined;

/** What one variable must hold. */
export type EnvRule =
  /** An http(s) URL; read without trailing slashes. */
  | { kind: 'url' }
  /** Any non-empty text (a key). */
  | { kind: 'secret' }
  /** Text the check turns into its value, or null with `expected` saying what was wanted. */
  | { kind: 'checked'; check: (text: string) => string | null; expected: string };

export const url: EnvRule = { kind: 'url' };
export const secret: EnvRule = { kind: 'secret' };

export type EnvResult<Env> = { ok: true; env: Env } | { ok: false; problems: string[] };

const isHttpUrl = (text: string) => {
  try {
    const parsed = new URL(text);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !/\s/.test(text);
  } catch {
    return false;
  }
};

/** One problem for a variable, naming it, or its value. */
function readOne(
  name: string,
  rule: EnvRule,
  text: string,
): { value: string } | { problem: string } {
  switch (rule.kind) {
    case 'url':
      return isHttpUrl(text)
        ? { value: text.replace(/\/+$/, '') }
        : { problem: `${name} must be an http(s) URL, got "${text}"` };
    case 'secret':
      return text === '' ? { problem: `${name} is not set` } : { value: text };
    case 'checked': {
      const value = rule.check(text);
      return value === null
        ? { problem: `${name} must be ${rule.expected}, got "${text}"` }
        : { value };
    }
  }
}

/**
 * Reads the variables a function needs: `variables` maps each field of its settings to the variable
 * that holds it and its rule. Values are trimmed; every problem is listed, none stops the others.
 */
export function readEnv<Key extends string>(
  get: EnvGetter,
  variables: Record<Key, readonly [name: string, rule: EnvRule]>,
): EnvResult<Record<Key, string>> {
  const problems: string[] = [];
  const env = {} as Record<Key, string>;
  for (const key of Object.keys(variables) as Key[]) {
    const [name, rule] = variables[key];
    const read = readOne(name, rule, get(name)?.trim() ?? '');
    if ('problem' in read) problems.push(read.problem);
    else env[key] = read.value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, env };
}

/** The two settings every function that calls the database needs. */
export const DATABASE_ENV = {
  supabaseUrl: ['SUPABASE_URL', url],
  serviceRoleKey: ['SUPABASE_SERVICE_ROLE_KEY', secret],
} as const;
