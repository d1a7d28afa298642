/**
 * `npm run dev`: the embedded Supabase backend and Vite side by side, one Ctrl+C for both.
 * When something already answers on the backend port (a backend from another terminal, or
 * `supabase start`), it is used as it is and only Vite starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

import { LOCAL_SUPABASE_PORT } from '../supabase/local/local-keys.ts';
import { applyEnvFiles } from './env/load-env.ts';

// Vite's dev mode reads .env.development too; the backend and Vite inherit what this sets.
applyEnvFiles({ mode: 'development' });
const backendPort = Number(process.env.LOCAL_SUPABASE_PORT || LOCAL_SUPABASE_PORT);

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function run(name: string, command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      shutdown(code ?? 1);
    }
  });
  return child;
}

const children: ChildProcess[] = [];
let shuttingDown = false;

function shutdown(code: number) {
  shuttingDown = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

if (await portAnswers(backendPort)) {
  console.log(`[dev] Port ${backendPort} already answers: using that backend.`);
} else {
  children.push(run('backend', 'npx', ['tsx', 'supabase/local/main.ts']));
}
children.push(run('vite', 'npx', ['vite', ...process.argv.slice(2)]));
