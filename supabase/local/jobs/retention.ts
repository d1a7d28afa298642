import type { Queryable } from '../db/database.ts';

/**
 * The daily retention run of the embedded backend, standing in for the pg_cron job of a hosted
 * project: private.apply_retention() once at start and then every `intervalMs` (a day by
 * default). A failed run is logged and tried again at the next tick.
 */
export interface RetentionJob {
  /** Runs once now; resolves with the counts the database returned. */
  runNow(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Resolves once the run at start has finished, so nothing the backend serves races it. */
export async function startRetentionJob(options: {
  db: Queryable;
  log: (line: string) => void;
  /** 0 = only the run at start. Default a day. */
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
  const intervalMs = options.intervalMs ?? DAY_MS;
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
