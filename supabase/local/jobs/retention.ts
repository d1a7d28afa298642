import type { Queryable } from '../db/database.ts';

/**
 * private.apply_retention() once at start, before the backend serves: a local database left
 * stopped past a retention period is cleaned before anyone reads it. Its daily run is the
 * migrations' schedule (cron.job, run by scheduled-jobs.ts); `intervalMs` repeats it for tests.
 * A failed run is logged and tried again at the next tick.
 */
export interface RetentionJob {
  /** Runs once now; resolves with the counts the database returned. */
  runNow(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** Resolves once the run at start has finished, so nothing the backend serves races it. */
export async function startRetentionJob(options: {
  db: Queryable;
  log: (line: string) => void;
  /** Repeat every this many ms; 0 (default) = only the run at start. */
  intervalMs?: number;
}): Promise<RetentionJob> {
  let active: Promise<Record<string, number>> | null = null;
  let stopped = false;

  const run = async (): Promise<Record<string, number>> => {
    // A backend started over another set of migrations (a test's own) has no retention to run.
    const present = await options.db.query<{ present: boolean }>(
      "select to_regprocedure('private.apply_retention(timestamptz)') is not null as present",
    );
    if (!present.rows[0]?.present) return {};
    const result = await options.db.query<{ counts: Record<string, number> }>(
      'select private.apply_retention() as counts',
    );
    const counts = result.rows[0]?.counts ?? {};
    const deleted = Object.entries(counts).filter(([, count]) => count > 0);
    if (deleted.length > 0) {
      options.log(
        `retention: deleted ${deleted.map(([table, count]) => `${count} from ${table}`).join(', ')}`,
      );
    }
    return counts;
  };

  const runLogged = () => {
    if (stopped || active) return;
    active = run()
      .catch((error: unknown) => {
        options.log(
          `retention run failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return {};
      })
      .finally(() => {
        active = null;
      });
  };

  runLogged();
  await active;
  const intervalMs = options.intervalMs ?? 0;
  const timer = intervalMs > 0 ? setInterval(runLogged, intervalMs) : null;
  timer?.unref();

  return {
    async runNow() {
      while (active) await active;
      return run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (active) await active;
    },
  };
}
