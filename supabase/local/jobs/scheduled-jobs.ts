import type { Queryable } from '../db/database.ts';
import { parseCronSchedule } from './cron-schedule.ts';

/**
 * pg_cron for the embedded backend: each minute, the jobs the migrations recorded in cron.job
 * (the platform.sql stand-in) whose schedule matches that minute in GMT run their command, one
 * after another. A failed job is logged and runs again at its next time, as pg_cron does.
 */
export interface ScheduledJobs {
  /** Every job with its schedule, by name. */
  list(): Promise<ScheduledJob[]>;
  /** Runs one job's command now: its error, if it failed; null when no job has that name. */
  runNow(jobname: string): Promise<{ job: ScheduledJob; error: string | null } | null>;
  stop(): Promise<void>;
}

export interface ScheduledJob {
  jobname: string;
  schedule: string;
  command: string;
}

const MINUTE_MS = 60_000;

export function startScheduledJobs(options: {
  db: Queryable;
  log: (line: string) => void;
  /** Called after a minute in which any job ran, and after runNow (e.g. to send queued mail). */
  onRan: () => void;
  /** false: no timer, runNow only (tests). */
  timer: boolean;
  /**
   * By job name: what its command asks pg_net to call on a hosted project (an Edge Function),
   * run here in-process right after the command, since pg_net here only records the request.
   * Its failure is the job's.
   */
  followUps?: Readonly<Record<string, () => Promise<void>>>;
}): ScheduledJobs {
  let active: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const list = async (): Promise<ScheduledJob[]> => {
    const present = await options.db.query<{ present: boolean }>(
      "select to_regclass('cron.job') is not null as present",
    );
    if (!present.rows[0]?.present) return [];
    const jobs = await options.db.query<ScheduledJob>(
      'select jobname, schedule, command from cron.job where active order by jobname',
    );
    return jobs.rows;
  };

  const run = async (job: ScheduledJob): Promise<string | null> => {
    try {
      await options.db.query(job.command);
      const followUps = options.followUps ?? {};
      if (Object.hasOwn(followUps, job.jobname)) await followUps[job.jobname]?.();
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`job ${job.jobname} failed: ${message}`);
      return message;
    }
  };

  const tick = async (minute: Date) => {
    let ran = false;
    for (const job of await list()) {
      let due: boolean;
      try {
        due = parseCronSchedule(job.schedule)(minute);
      } catch (error) {
        options.log(
          `job ${job.jobname}: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      if (!due) continue;
      await run(job);
      ran = true;
    }
    if (ran) options.onRan();
  };

  const scheduleNextTick = () => {
    if (stopped || !options.timer) return;
    const now = Date.now();
    const next = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    timer = setTimeout(() => {
      active = active
        .then(() => tick(new Date(next)))
        .catch((error: unknown) => options.log(`scheduled jobs: ${String(error)}`))
        .finally(scheduleNextTick);
    }, next - now);
    timer.unref();
  };
  scheduleNextTick();

  return {
    list,
    async runNow(jobname) {
      const job = (await list()).find((candidate) => candidate.jobname === jobname) ?? null;
      if (!job) return null;
      const done = active.then(() => run(job));
      active = done.then(() => undefined);
      const error = await done;
      options.onRan();
      return { job, error };
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await active;
    },
  };
}
