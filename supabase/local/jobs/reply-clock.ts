import type { Queryable } from '../db/database.ts';

/**
 * The reply clock's three jobs at once, as of a given time: private.send_reply_reminders(),
 * private.queue_weekly_summary() and private.send_follow_up_reminders(), with what each queued.
 * Their schedules are the migrations' (cron.job, run by scheduled-jobs.ts); this is how tests and
 * `POST /__local/jobs/reply-clock` run them now, or as of another time.
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

const none: ReplyClockCounts = {
  reminders: 0,
  escalations: 0,
  weeklySummary: false,
  followUps: 0,
};

export function startReplyClockJob(options: {
  db: Queryable;
  log: (line: string) => void;
}): ReplyClockJob {
  let active: Promise<ReplyClockCounts> | null = null;

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

  return {
    async runNow(now?: Date) {
      while (active) await active;
      const running = run(now).finally(() => {
        active = null;
      });
      active = running;
      return running;
    },
    async stop() {
      while (active) await active;
    },
  };
}
