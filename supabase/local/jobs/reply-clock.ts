import type { Queryable } from '../db/database.ts';

/**
 * The reply clock of the embedded backend, standing in for the pg_cron jobs of a hosted project:
 * private.send_reply_reminders(), private.queue_weekly_summary() and
 * private.send_follow_up_reminders() every `intervalMs` (5 minutes by default), first one
 * interval after start. The weekly summary decides from the London clock whether
 * it is due and queues at most one a week, so checking it as often as the reminders is harmless.
 * A failed run is logged and tried again at the next tick.
 */
export interface ReplyClockJob {
  /** Runs each once as of `now` (default the database clock); resolves with what was queued. */
  runNow(now?: Date): Promise<ReplyClockCounts>;
  stop(): Promise<void>;
}

export interface ReplyClockCounts {
  reminders: number;
  escalations: number;
  weeklySummary: boolean;
  followUps: number;
}

export const REPLY_CLOCK_INTERVAL_MS = 5 * 60 * 1000;

const none: ReplyClockCounts = {
  reminders: 0,
  escalations: 0,
  weeklySummary: false,
  followUps: 0,
};

export function startReplyClockJob(options: {
  db: Queryable;
  log: (line: string) => void;
  /** 0 = never on its own (runNow only). Default 5 minutes. */
  intervalMs?: number;
}): ReplyClockJob {
  let active: Promise<ReplyClockCounts> | null = null;
  let stopped = false;

  const run = async (now?: Date): Promise<ReplyClockCounts> => {
    // A backend started over another set of migrations (a test's own) has no reply clock.
    const present = await options.db.query<{ present: boolean; followUps: boolean }>(
      `select to_regprocedure('private.send_reply_reminders(timestamptz)') is not null as present,
              to_regprocedure('private.send_follow_up_reminders(timestamptz)') is not null
                as "followUps"`,
    );
    if (!present.rows[0]?.present) return none;
    const at = now?.toISOString() ?? null;
    const reminders = await options.db.query<{
      counts: { reminders: number; escalations: number };
    }>('select private.send_reply_reminders(coalesce($1::timestamptz, now())) as counts', [at]);
    const summary = await options.db.query<{ queued: boolean }>(
      'select private.queue_weekly_summary(coalesce($1::timestamptz, now())) as queued',
      [at],
    );
    const followUps = present.rows[0]?.followUps
      ? await options.db.query<{ queued: number }>(
          'select private.send_follow_up_reminders(coalesce($1::timestamptz, now())) as queued',
          [at],
        )
      : null;
    const counts: ReplyClockCounts = {
      reminders: reminders.rows[0]?.counts.reminders ?? 0,
      escalations: reminders.rows[0]?.counts.escalations ?? 0,
      weeklySummary: summary.rows[0]?.queued ?? false,
      followUps: followUps?.rows[0]?.queued ?? 0,
    };
    if (counts.reminders + counts.escalations + counts.followUps > 0 || counts.weeklySummary) {
      options.log(
        `reply clock: queued ${counts.reminders} reminders, ${counts.escalations} escalations${
          counts.followUps > 0 ? `, ${counts.followUps} follow-up reminders` : ''
        }${counts.weeklySummary ? ', the weekly summary' : ''}`,
      );
    }
    return counts;
  };

  const runLogged = () => {
    if (stopped || active) return;
    active = run()
      .catch((error: unknown) => {
        options.log(
          `reply clock run failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return none;
      })
      .finally(() => {
        active = null;
      });
  };

  // No run at start: the summary and reminders are mail, and a backend started for a test must
  // not queue any before the test's own jobs.
  const intervalMs = options.intervalMs ?? REPLY_CLOCK_INTERVAL_MS;
  const timer = intervalMs > 0 ? setInterval(runLogged, intervalMs) : null;
  timer?.unref();

  return {
    async runNow(now?: Date) {
      while (active) await active;
      return run(now);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (active) await active;
    },
  };
}
