/**
 * `npm run headers`: regenerates vercel.json for the production deploy. Vercel reads the
 * committed file, not the build output, so it must name the production Supabase project
 * (PRODUCTION_SUPABASE_URL, else site.productionSupabaseUrl) and the production script URLs
 * (VITE_PERFORMANCE_SCRIPT_URL, VITE_ANALYTICS_SCRIPT_URL); all are read through the project's
 * env loader in production mode. A build on Vercel fails when this file does not fit the bundle.
 * Other hosts get `_headers`, which every build writes into its output from its own values.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { site } from '../src/config/site.ts';
import { clientEnv, vercelJsonFor } from './env/build-env.ts';
import { loadEnv, PROJECT_ROOT } from './env/load-env.ts';

const env = loadEnv({ mode: 'production' });
const { values } = clientEnv({
  ...env,
  VITE_SUPABASE_URL: env.PRODUCTION_SUPABASE_URL ?? site.productionSupabaseUrl,
});
await writeFile(join(PROJECT_ROOT, 'vercel.json'), vercelJsonFor(values));
console.log(`vercel.json written for ${values.VITE_SUPABASE_URL}`);
