import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Queryable } from '../../../supabase/local/db/database.ts';
import { startScheduledJobs } from '../../../supabase/local/jobs/scheduled-jobs.ts';

const jobs = [
  { jobname: 'every-minute', schedule: '* * * * *', command: 'select 1' },
  { jobname: 'every-five', schedule: '*/5 * * * *', command: 'select 5' },
  { jobname: 'broken', schedule: '*/5 * * * *', command: 'select broken()' },
];

/** A database whose cron.job holds `jobs` and which records the commands it runs. */
function fakeDb() {
  const ran: string[] = [];
  const db: Queryable = {
    query: vi.fn(async (text: string) => {
      if (text.includes('to_regclass')) return { rows: [{ present: true }] };
      if (text.includes('from cron.job')) return { rows: jobs };
      ran.push(text);
      if (text.includes('broken')) throw new Error('function broken() does not exist');
      return { rows: [] };
    }) as unknown as Queryable['query'],
    exec: () => Promise.reject(new Error('no scripts')),
  };
  return { db, ran };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the embedded backend's pg_cron", () => {
  it('runs each job at the minutes its schedule names, logging a failure and going on', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:03:30Z') });
    const { db, ran } = fakeDb();
    const log = vi.fn();
    const onRan = vi.fn();
    const scheduled = startScheduledJobs({ db, log, onRan, timer: true });
    await vi.advanceTimersByTimeAsync(30_000); // 10:04
    expect(ran).toEqual(['select 1']);
    await vi.advanceTimersByTimeAsync(60_000); // 10:05
    expect(ran).toEqual(['select 1', 'select 1', 'select 5', 'select broken()']);
    expect(log).toHaveBeenCalledWith('job broken failed: function broken() does not exist');
    expect(onRan).toHaveBeenCalledTimes(2);
    await scheduled.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toHaveLength(4);
  });

  it('runs nothing on its own without the timer; runNow runs one job by name', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:04:30Z') });
    const { db, ran } = fakeDb();
    const onRan = vi.fn();
    const scheduled = startScheduledJobs({ db, log: () => {}, onRan, timer: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ran).toEqual([]);
    await expect(scheduled.runNow('every-five')).resolves.toEqual({
      job: jobs[1],
      error: null,
    });
    await expect(scheduled.runNow('broken')).resolves.toMatchObject({
      error: 'function broken() does not exist',
    });
    await expect(scheduled.runNow('missing')).resolves.toBeNull();
    expect(ran).toEqual(['select 5', 'select broken()']);
    expect(onRan).toHaveBeenCalledTimes(2);
    await scheduled.stop();
  });

  it("runs a job's in-process follow-up after its command, and fails the job with it", async () => {
    const { db, ran } = fakeDb();
    const log = vi.fn();
    const followUp = vi.fn(async () => {
      ran.push('follow-up');
    });
    const scheduled = startScheduledJobs({
      db,
      log,
      onRan: () => {},
      timer: false,
      followUps: { 'every-five': followUp, broken: followUp },
    });
    await expect(scheduled.runNow('every-five')).resolves.toEqual({ job: jobs[1], error: null });
    expect(ran).toEqual(['select 5', 'follow-up']);
    await scheduled.runNow('broken');
    expect(followUp).toHaveBeenCalledTimes(1);

    followUp.mockRejectedValueOnce(new Error('the function answered 502'));
    await expect(scheduled.runNow('every-five')).resolves.toMatchObject({
      error: 'the function answered 502',
    });
    expect(log).toHaveBeenCalledWith('job every-five failed: the function answered 502');
    await scheduled.stop();
  });
});
