/**
 * Runs one of the jobs the migrations schedule, now, on the embedded backend (`npm run backend`
 * or `npm run dev` must be running), instead of waiting for its time: the same command pg_cron
 * would run, then the outbox is sent, so its mail is in the local inbox at once.
 *
 *   npm run jobs                  lists the jobs and their schedules (pg_cron's, in GMT)
 *   npm run jobs -- <name>        runs one, e.g. send-reply-reminders
 *   npm run jobs -- reply-clock   runs the reply clock's three jobs and prints what they queued
 */
import { loadEnv } from './env/load-env.ts';
import { EnvError, readNodeEnv } from './env/node-env.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/local-keys.ts';

type Job = { jobname: string; schedule: string; command: string };

async function main(argv: readonly string[]): Promise<number> {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    console.error('Usage: npm run jobs [-- <job name> | -- reply-clock]');
    return 2;
  }
  const { LOCAL_SUPABASE_PORT } = readNodeEnv(loadEnv(), ['LOCAL_SUPABASE_PORT']);
  const base = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}/__local/jobs`;
  const name = argv[0];
  let response: Response;
  try {
    response = await fetch(name ? `${base}/${encodeURIComponent(name)}` : base, {
      method: name ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
  } catch {
    console.error(`No backend answers on port ${LOCAL_SUPABASE_PORT}: start npm run dev first.`);
    return 1;
  }
  const body = (await response.json()) as unknown;
  if (!response.ok) {
    console.error(
      (body as { message?: string }).message ?? `The backend answered ${response.status}`,
    );
    return 1;
  }
  if (!name) {
    for (const job of body as Job[]) {
      console.log(`${job.jobname.padEnd(26)} ${job.schedule.padEnd(14)} ${job.command}`);
    }
  } else if (name === 'reply-clock') {
    console.log(`reply-clock: queued ${JSON.stringify(body)}`);
  } else {
    console.log(`${name}: ran ${(body as { job: Job }).job.command}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
