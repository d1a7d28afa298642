import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The jobs the migrations schedule, as supabase/schemas/08_schedules.sql declares them (one
 * `cron.schedule('name', 'schedule', 'command')` each), and how cron.job is checked against them:
 * by `npm run db:push-check`, `npm run setup:hosted` and the integration tests alike.
 */
export interface DeclaredJob {
  jobname: string;
  schedule: string;
  command: string;
}

export const SCHEDULES_FILE = join(import.meta.dirname, '../supabase/schemas/08_schedules.sql');

/** The jobs a schedules file declares, in its order. */
export function declaredJobs(schedulesSql: string): DeclaredJob[] {
  return [...schedulesSql.matchAll(/cron\.schedule\('([^']+)', '([^']+)', '([^']+)'\)/g)].map(
    ([, jobname = '', schedule = '', command = '']) => ({ jobname, schedule, command }),
  );
}

/** The jobs supabase/schemas/08_schedules.sql declares. */
export const readDeclaredJobs = (): DeclaredJob[] =>
  declaredJobs(readFileSync(SCHEDULES_FILE, 'utf8'));

export const CRON_JOBS_SQL = 'select jobname, schedule, command, active from cron.job';

export interface CronJobRow extends DeclaredJob {
  active: boolean;
}

/**
 * What is wrong with cron.job against the declared jobs: a job missing, scheduled otherwise or
 * inactive, and (with `strict`) a job nobody declared. Empty when they agree.
 */
export function scheduleProblems(
  declared: readonly DeclaredJob[],
  rows: readonly CronJobRow[],
  { strict = false }: { strict?: boolean } = {},
): string[] {
  const problems: string[] = [];
  for (const job of declared) {
    const found = rows.find((row) => row.jobname === job.jobname);
    if (!found) problems.push(`${job.jobname}: not in cron.job`);
    else if (found.schedule !== job.schedule || found.command !== job.command) {
      problems.push(`${job.jobname}: scheduled as "${found.schedule}" "${found.command}"`);
    } else if (!found.active) problems.push(`${job.jobname}: not active`);
  }
  if (strict) {
    for (const row of rows) {
      if (!declared.some((job) => job.jobname === row.jobname)) {
        problems.push(`${row.jobname}: in cron.job but not declared in 08_schedules.sql`);
      }
    }
  }
  return problems;
}
