import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** The standard local values of the embedded backend and `supabase start` (public demo keys). */
const LOCAL_SUPABASE = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
};

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = { ...process.env, ...loadEnv(mode, process.cwd(), 'VITE_') };
  const define: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(LOCAL_SUPABASE)) {
    if (env[name]) continue;
    define[`import.meta.env.${name}`] = JSON.stringify(fallback);
    if (mode === 'production' && !isSsrBuild) {
      console.warn(
        `[env] ${name} is not set: this build talks to the local backend (${fallback.slice(0, 40)}).`,
      );
    }
  }

  // BUILD_DIR lets a second build (the client-only comparison, a parallel check) sit beside dist/.
  const outDir = process.env.BUILD_DIR ?? 'dist';

  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    define,
    server: { port: 5173, strictPort: false },
    build: {
      outDir: isSsrBuild ? `${outDir}-ssr` : outDir,
      target: 'es2022',
      cssCodeSplit: true,
      sourcemap: false,
      manifest: true,
      modulePreload: { polyfill: false },
    },
  };
});
