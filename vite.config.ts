import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { BUILD_DIR } from './scripts/build-dir.ts';
import { clientEnv, defineFor } from './scripts/env/build-env.ts';
import { loadEnv, PROJECT_ROOT } from './scripts/env/load-env.ts';
import { siteHeaders } from './scripts/site-headers-plugin.ts';

export default defineConfig(({ mode, isSsrBuild }) => {
  // The project's one env loader, not Vite's own (envDir: false): the bundle, the build's
  // _headers and every script read the same files the same way.
  const env = loadEnv({ mode });
  const { values: client, fallbacks } = clientEnv(env);
  if (mode === 'production' && !isSsrBuild) {
    for (const name of fallbacks) {
      console.warn(
        `[env] ${name} is not set: this build talks to the local backend (${client[name]!.slice(0, 40)}).`,
      );
    }
  }
  return {
    envDir: false,
    plugins: [
      react(),
      tailwindcss(),
      ...(isSsrBuild
        ? []
        : [siteHeaders(client, { root: PROJECT_ROOT, onVercel: Boolean(env.VERCEL) })]),
    ],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // The booking core the Edge Functions and the browser share (plain web-standard code).
        '@shared': fileURLToPath(new URL('./supabase/functions/_shared', import.meta.url)),
      },
    },
    define: defineFor(client),
    server: { port: 5173, strictPort: false },
    build: {
      outDir: isSsrBuild ? `${BUILD_DIR}-ssr` : BUILD_DIR,
      target: 'es2022',
      // One stylesheet for the whole site, which the prerender inlines into every page. Split
      // per chunk, Vite would list it among each lazy page's dependencies and, not finding a
      // <link> to it, fetch and apply a second copy on the client-side navigation to that page.
      cssCodeSplit: false,
      sourcemap: false,
      manifest: true,
      modulePreload: { polyfill: false },
    },
  };
});
