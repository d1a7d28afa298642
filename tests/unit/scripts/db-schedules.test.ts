// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { declaredJobs, readDeclaredJobs, scheduleProblems } from '../../../scripts/db-schedules';

describe('the declared schedules', () => {
  it('reads each cron.schedule of the schedules file, in order', () => {
    expect(
      declaredJobs(`
        perform cron.schedule('a-job', '*/5 * * * *', 'select private.a()');
        perform cron.schedule('b-job', '0 3 * * *', 'select private.b()');`),
    ).toEqual([
      { jobname: 'a-job', schedule: '*/5 * * * *', command: 'select private.a()' },
      { jobname: 'b-job', schedule: '0 3 * * *', command: 'select private.b()' },
    ]);
    expect(readDeclaredJobs().map((job) => job.jobname)).toContain('send-enquiry-mail');
  });

  it('finds a job missing, changed or inactive, and with strict one nobody declared', () => {
    const declared = declaredJobs("cron.schedule('a', '* * * * *', 'select 1')");
    expect(scheduleProblems(declared, [])).toEqual(['a: not in cron.job']);
    const row = { ...declared[0]!, active: true };
    expect(scheduleProblems(declared, [row])).toEqual([]);
    expect(scheduleProblems(declared, [{ ...row, schedule: '0 * * * *' }])).toEqual([
      'a: scheduled as "0 * * * *" "select 1"',
    ]);
    expect(scheduleProblems(declared, [{ ...row, active: false }])).toEqual(['a: not active']);
    const extra = { jobname: 'b', schedule: '* * * * *', command: 'select 2', active: true };
    expect(scheduleProblems(declared, [row, extra])).toEqual([]);
    expect(scheduleProblems(declared, [row, extra], { strict: true })).toEqual([
      'b: in cron.job but not declared in 08_schedules.sql',
    ]);
  });
});
