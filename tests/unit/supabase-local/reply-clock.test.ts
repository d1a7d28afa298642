import { describe, expect, it, vi } from 'vitest';

import type { Queryable } from '../../../supabase/local/db/database.ts';
import { startReplyClockJob } from '../../../supabase/local/jobs/reply-clock.ts';

/** A database that answers the reply clock's queries and records them. */
function fakeDb(options: { present?: boolean; followUps?: boolean; fail?: boolean } = {}) {
  const queries: { text: string; params: unknown[] }[] = [];
  const db: Queryable = {
    query: vi.fn(async (text: string, params: unknown[] = []) => {
      queries.push({ text, params });
      if (text.includes('to_regprocedure')) {
        return {
          rows: [
            {
              present: options.present ?? true,
              followUps: (options.present ?? true) && (options.followUps ?? true),
            },
          ],
        };
      }
      if (options.fail) throw new Error('database down');
      if (text.includes('send_reply_reminders')) {
        return { rows: [{ counts: { reminders: 1, escalations: 2 } }] };
      }
      if (text.includes('send_follow_up_reminders')) return { rows: [{ queued: 3 }] };
      return { rows: [{ queued: true }] };
    }) as unknown as Queryable['query'],
    exec: () => Promise.reject(new Error('the reply clock runs no scripts')),
  };
  return { db, queries };
}

describe('the embedded reply clock', () => {
  it('runs nothing by itself; runNow runs the three functions in order and logs what they queued', async () => {
    const { db, queries } = fakeDb();
    const log = vi.fn();
    const job = startReplyClockJob({ db, log });
    expect(queries).toEqual([]);
    await job.runNow();
    expect(
      queries.map((query) =>
        query.text.includes('to_regprocedure') ? 'present?' : query.text.match(/private\.\w+/)?.[0],
      ),
    ).toEqual([
      'present?',
      'private.send_reply_reminders',
      'private.queue_weekly_summary',
      'private.send_follow_up_reminders',
    ]);
    expect(log).toHaveBeenCalledWith(
      'reply clock: queued 1 reminders, 2 escalations, 3 follow-up reminders, the weekly summary',
    );
    await job.stop();
  });

  it('runNow passes the given moment to each function', async () => {
    const { db, queries } = fakeDb();
    const job = startReplyClockJob({ db, log: () => {} });
    await expect(job.runNow(new Date('2026-11-30T08:00:00Z'))).resolves.toEqual({
      reminders: 1,
      escalations: 2,
      weeklySummary: true,
      followUps: 3,
    });
    expect(queries.slice(1).map((query) => query.params)).toEqual([
      ['2026-11-30T08:00:00.000Z'],
      ['2026-11-30T08:00:00.000Z'],
      ['2026-11-30T08:00:00.000Z'],
    ]);
    await job.stop();
  });

  it('skips the follow-up reminders over migrations without them', async () => {
    const { db, queries } = fakeDb({ followUps: false });
    const job = startReplyClockJob({ db, log: () => {} });
    await expect(job.runNow()).resolves.toMatchObject({ followUps: 0 });
    expect(
      queries.some((query) => query.text.includes('select private.send_follow_up_reminders')),
    ).toBe(false);
    await job.stop();
  });

  it('does nothing over migrations without the reply clock, and reports a failed run', async () => {
    const absent = fakeDb({ present: false });
    const quiet = startReplyClockJob({ db: absent.db, log: () => {} });
    await expect(quiet.runNow()).resolves.toEqual({
      reminders: 0,
      escalations: 0,
      weeklySummary: false,
      followUps: 0,
    });
    expect(absent.queries).toHaveLength(1);

    const failing = fakeDb({ fail: true });
    const job = startReplyClockJob({ db: failing.db, log: () => {} });
    await expect(job.runNow()).rejects.toThrow('database down');
    await job.stop();
  });
});
