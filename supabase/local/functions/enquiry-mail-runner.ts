/**
 * Runs the enquiry mail sender locally, as pg_cron and the insert webhook do on Supabase: right
 * after an enquiry is inserted (kick) and every `intervalMs`. One run at a time; a kick during a
 * run starts another run when it ends, so nothing queued meanwhile waits for the timer.
 */
export interface EnquiryMailRunner {
  kick(): void;
  /** Resolves when no run is active or pending. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createEnquiryMailRunner(options: {
  run: () => Promise<void>;
  intervalMs: number;
  log: (line: string) => void;
}): EnquiryMailRunner {
  let active: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const start = (): Promise<void> => {
    active ??= (async () => {
      do {
        again = false;
        try {
          await options.run();
        } catch (error) {
          options.log(
            `enquiry mail run failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      } while (again && !stopped);
      active = null;
    })();
    return active;
  };

  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          if (!stopped) void start();
        }, options.intervalMs)
      : null;
  timer?.unref();

  return {
    kick() {
      if (stopped) return;
      if (active) again = true;
      else void start();
    },
    async idle() {
      while (active) await active;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (active) await active;
    },
  };
}
