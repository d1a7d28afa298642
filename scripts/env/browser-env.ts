/**
 * The browser's environment: every `VITE_` variable a build may put into the bundle, checked
 * once, when the build or the dev server starts (vite.config.ts through clientEnv). The bundle
 * then holds only values that passed, so the browser code reads them without checking again and
 * a secret key is refused before it could reach a single file. Each problem names its variable.
 */
import { z } from 'zod';

import { unverifiedClaims } from '../../supabase/local/jwt.ts';

const httpUrl = (name: string) =>
  z.string().superRefine((text, context) => {
    if (!URL.canParse(text)) {
      context.addIssue({ code: 'custom', message: `${name} is not a valid URL: "${text}".` });
    } else if (!/^https?:$/.test(new URL(text).protocol)) {
      context.addIssue({
        code: 'custom',
        message: `${name} must be an http(s) URL (https://, or http:// locally), got "${text}".`,
      });
    }
  });

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const anonKey = z.string().superRefine((key, context) => {
  const role = JWT_SHAPE.test(key) ? unverifiedClaims(key)?.role : undefined;
  if (key.startsWith('sb_secret_') || role === 'service_role') {
    context.addIssue({
      code: 'custom',
      message:
        'VITE_SUPABASE_ANON_KEY holds a secret service-role key. Only the anon (publishable) key may reach the browser.',
    });
  } else if (!key.startsWith('sb_publishable_') && !JWT_SHAPE.test(key)) {
    context.addIssue({
      code: 'custom',
      message: 'VITE_SUPABASE_ANON_KEY does not look like a Supabase anon or publishable key.',
    });
  }
});

export const browserEnvSchema = z
  .object({
    VITE_SUPABASE_URL: httpUrl('VITE_SUPABASE_URL').transform((url) => url.replace(/\/+$/, '')),
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_PERFORMANCE_SCRIPT_URL: httpUrl('VITE_PERFORMANCE_SCRIPT_URL').optional(),
    VITE_ANALYTICS_SCRIPT_URL: httpUrl('VITE_ANALYTICS_SCRIPT_URL').optional(),
  })
  .catchall(z.string());

export type BrowserEnv = z.infer<typeof browserEnvSchema>;

/** The checked values, or an Error whose message lists every problem by variable. */
export function parseBrowserEnv(values: Record<string, string>): BrowserEnv {
  const result = browserEnvSchema.safeParse(values);
  if (result.success) return result.data;
  throw new Error(result.error.issues.map((issue) => issue.message).join('\n'));
}
