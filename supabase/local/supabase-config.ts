import { existsSync, readFileSync } from 'node:fs';

/**
 * `[auth.rate_limit]` of supabase/config.toml, with the Supabase CLI's defaults for a key the
 * file leaves out. What each one limits in GoTrue is in auth/auth-limits.ts.
 */
export interface AuthRateLimitConfig {
  email_sent: number;
  sign_in_sign_ups: number;
  token_refresh: number;
  token_verifications: number;
}

export const CLI_AUTH_RATE_LIMIT_DEFAULTS: AuthRateLimitConfig = {
  email_sent: 2,
  sign_in_sign_ups: 30,
  token_refresh: 150,
  token_verifications: 30,
};

/**
 * `[auth] minimum_password_length` and `[auth.email] otp_expiry` of supabase/config.toml, with the
 * Supabase CLI's defaults for a key the file leaves out.
 */
export interface AuthPolicyConfig {
  /** The shortest password sign-up accepts (GoTrue's GOTRUE_PASSWORD_MIN_LENGTH). */
  minimumPasswordLength: number;
  /** How long a confirmation link or code works, in seconds (GOTRUE_MAILER_OTP_EXP). */
  otpExpirySeconds: number;
}

export const CLI_AUTH_POLICY_DEFAULTS: AuthPolicyConfig = {
  minimumPasswordLength: 6,
  otpExpirySeconds: 3600,
};

/** What the embedded backend takes from supabase/config.toml. */
export interface SupabaseConfig {
  authPolicy: AuthPolicyConfig;
  /** `[auth] additional_redirect_urls`: the site's other origins (preview server, 127.0.0.1). */
  additionalRedirectUrls: string[];
  authRateLimit: AuthRateLimitConfig;
  /**
   * `[functions.<name>] verify_jwt` of each function the file names; a function it leaves out,
   * or names without the key, has the gateway's JWT check, as in the CLI.
   */
  verifyJwt: Record<string, boolean>;
}

type TomlValue = string | number | boolean | TomlValue[];

/** Where a quoted string ends, or -1; `start` is the opening quote. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    if (quote === '"' && text[i] === '\\') i += 1;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/** The line without its comment (a `#` outside quotes) and surrounding spaces. */
function withoutComment(line: string): string {
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"' || char === "'") {
      const end = stringEnd(line, i);
      if (end < 0) break;
      i = end;
    } else if (char === '#') return line.slice(0, i).trim();
  }
  return line.trim();
}

/** Brackets opened minus closed, outside quotes. */
function bracketDepth(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"' || char === "'") {
      const end = stringEnd(text, i);
      if (end < 0) return depth;
      i = end;
    } else if (char === '[') depth += 1;
    else if (char === ']') depth -= 1;
  }
  return depth;
}

/** Splits an array's inside at top-level commas. */
function arrayItems(inside: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inside.length; i += 1) {
    const char = inside[i];
    if (char === '"' || char === "'") {
      i = Math.max(i, stringEnd(inside, i));
    } else if (char === '[') depth += 1;
    else if (char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      items.push(inside.slice(from, i).trim());
      from = i + 1;
    }
  }
  items.push(inside.slice(from).trim());
  return items.filter((item) => item !== '');
}

/** The TOML values this file uses: strings, numbers, booleans and arrays of them; else undefined. */
function parseValue(raw: string): TomlValue | undefined {
  if (/^"(?:[^"\\]|\\.)*"$/.test(raw)) return JSON.parse(raw) as string;
  if (/^'[^']*'$/.test(raw)) return raw.slice(1, -1);
  if (/^[+-]?\d[\d_]*(\.\d+)?$/.test(raw)) return Number(raw.replaceAll('_', ''));
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const values = arrayItems(raw.slice(1, -1)).map(parseValue);
    return values.every((value) => value !== undefined) ? (values as TomlValue[]) : undefined;
  }
  return undefined;
}

/**
 * The keys of each table, from the subset of TOML that supabase/config.toml is written in
 * (tables, `key = value`, arrays over several lines, comments). Values of other kinds (inline
 * tables, multi-line strings) are left out rather than guessed.
 */
export function parseTomlTables(text: string): Map<string, Map<string, TomlValue>> {
  const tables = new Map<string, Map<string, TomlValue>>([['', new Map()]]);
  let current = tables.get('') as Map<string, TomlValue>;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = withoutComment(lines[index] ?? '');
    if (line === '') continue;
    const table = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (table?.[1]) {
      current = tables.get(table[1]) ?? new Map();
      tables.set(table[1], current);
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(line);
    if (!pair?.[1]) continue;
    let raw = pair[2] ?? '';
    while (raw.startsWith('[') && bracketDepth(raw) > 0 && index + 1 < lines.length) {
      index += 1;
      raw += ` ${withoutComment(lines[index] ?? '')}`;
    }
    const value = parseValue(raw.trim());
    if (value !== undefined) current.set(pair[1], value);
  }
  return tables;
}

/** Reads the parts the backend uses; a missing file gives the CLI's defaults and no extra URLs. */
export function readSupabaseConfig(file: string): SupabaseConfig {
  if (!existsSync(file)) {
    return {
      additionalRedirectUrls: [],
      authPolicy: { ...CLI_AUTH_POLICY_DEFAULTS },
      authRateLimit: { ...CLI_AUTH_RATE_LIMIT_DEFAULTS },
      verifyJwt: {},
    };
  }
  const tables = parseTomlTables(readFileSync(file, 'utf8'));
  const urls = tables.get('auth')?.get('additional_redirect_urls') ?? [];
  if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) {
    throw new Error(`${file}: [auth] additional_redirect_urls must be a list of URLs`);
  }
  const limits = tables.get('auth.rate_limit');
  const authRateLimit = { ...CLI_AUTH_RATE_LIMIT_DEFAULTS };
  for (const key of Object.keys(authRateLimit) as (keyof AuthRateLimitConfig)[]) {
    const value = limits?.get(key);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new Error(
        `${file}: [auth.rate_limit] ${key} must be a whole number of 0 or more, got ${JSON.stringify(value)}`,
      );
    }
    authRateLimit[key] = value;
  }
  return {
    additionalRedirectUrls: urls as string[],
    authPolicy: {
      minimumPasswordLength: wholeNumber(
        file,
        'auth',
        'minimum_password_length',
        tables.get('auth')?.get('minimum_password_length'),
        CLI_AUTH_POLICY_DEFAULTS.minimumPasswordLength,
      ),
      otpExpirySeconds: wholeNumber(
        file,
        'auth.email',
        'otp_expiry',
        tables.get('auth.email')?.get('otp_expiry'),
        CLI_AUTH_POLICY_DEFAULTS.otpExpirySeconds,
      ),
    },
    authRateLimit,
    verifyJwt: functionsVerifyJwt(file, tables),
  };
}

/** A key that must be a whole number of 1 or more; `fallback` when the file leaves it out. */
function wholeNumber(
  file: string,
  table: string,
  key: string,
  value: TomlValue | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new Error(
      `${file}: [${table}] ${key} must be a whole number of 1 or more, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function functionsVerifyJwt(
  file: string,
  tables: Map<string, Map<string, TomlValue>>,
): Record<string, boolean> {
  const verifyJwt: Record<string, boolean> = {};
  for (const [table, keys] of tables) {
    const name = /^functions\.([A-Za-z0-9_-]+)$/.exec(table)?.[1];
    const value = keys.get('verify_jwt');
    if (!name || value === undefined) continue;
    if (typeof value !== 'boolean') {
      throw new Error(
        `${file}: [${table}] verify_jwt must be true or false, got ${JSON.stringify(value)}`,
      );
    }
    verifyJwt[name] = value;
  }
  return verifyJwt;
}
