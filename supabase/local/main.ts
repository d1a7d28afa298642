import { EnvError, loadBackendOptions, redactUrl } from './env-config.ts';
import { enquiryMailOptionsFromEnv } from './functions/functions-config.ts';
import { PortInUseError, startLocalSupabase } from './server.ts';

/** `npm run backend`: the embedded Supabase stand-in on 127.0.0.1:${LOCAL_SUPABASE_PORT:-54321}. */
async function main(): Promise<void> {
  // First: the .env files fill process.env (real variables win), so anything below that reads
  // process.env sees the same values as the rest of the project.
  const options = loadBackendOptions();
  const log = (line: string) => console.log(`[backend] ${line}`);
  const notifications = enquiryMailOptionsFromEnv(process.env);
  const backend = await startLocalSupabase({
    ...options,
    ...notifications,
    log,
    scheduledJobs: true,
  });

  const storage =
    options.db.kind === 'postgres'
      ? `PostgreSQL ${redactUrl(options.db.url)}`
      : options.db.kind === 'memory'
        ? 'PostgreSQL in a throwaway cluster (data is lost on exit)'
        : `PostgreSQL kept in ${options.db.dir}`;
  console.log(
    [
      'Local Supabase backend is running.',
      `  API URL:          ${backend.url}`,
      `  anon key:         ${backend.anonKey}`,
      `  service_role key: ${backend.serviceRoleKey}`,
      `  mail inbox:       ${backend.url}/__local/mail/inbox`,
      `  enquiry mail:     ${notifications.enquiryMail.apiUrl ?? 'captured in the mail inbox'}, sent to ${notifications.enquiryMail.notifyTo ?? 'enquiries@kestrel-data.local'}, limits ${notifications.enquiryLimits}`,
      `  storage:          ${storage}`,
      `  sign-up:          ${options.autoconfirm ? 'autoconfirm (no e-mail confirmation)' : 'e-mail confirmation required'}`,
      '  Stop with Ctrl+C.',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping`);
    backend.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[backend] failed to stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError || error instanceof EnvError) {
    console.error(`[backend] ${error.message}`);
  } else {
    console.error('[backend] failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
