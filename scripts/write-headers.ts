/**
 * `npm run headers`: regenerates public/_headers and vercel.json for the production Supabase
 * project (PRODUCTION_SUPABASE_URL, else site.productionSupabaseUrl).
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { site } from '../src/config/site';
import { renderHeadersFile, renderVercelJson, scriptOriginsFromEnv } from './security-headers';

const root = resolve(import.meta.dirname, '..');
const options = {
  supabaseUrl: process.env.PRODUCTION_SUPABASE_URL ?? site.productionSupabaseUrl,
  scriptOrigins: scriptOriginsFromEnv(process.env),
};
await writeFile(join(root, 'public', '_headers'), renderHeadersFile(options));
await writeFile(join(root, 'vercel.json'), renderVercelJson(options));
console.log(`public/_headers and vercel.json written for ${options.supabaseUrl}`);
