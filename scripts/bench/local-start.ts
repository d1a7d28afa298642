import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startLocalSupabase } from '../../supabase/local/server.ts';

/** How long the embedded backend takes to serve: on a fresh clone, and started again. */
export type LocalStartResult = { runs: number; firstMs: number[]; restartMs: number[] };

/**
 * What `npm run dev` and `npm run backend` wait for before the site can talk to its backend, on
 * a kept PostgreSQL data directory as they use it: the first start of a fresh clone (initdb, the
 * platform objects, every migration and the seed applied) and a restart over that directory
 * (nothing to apply).
 * Measured in this process, so Node's own start is not included.
 */
export async function measureLocalStart(runs: number): Promise<LocalStartResult> {
  const result: LocalStartResult = { runs, firstMs: [], restartMs: [] };
  for (let run = 0; run < runs; run += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-local-start-'));
    // As root the server runs as another OS user, who must get through this directory.
    await chmod(dir, 0o755);
    try {
      for (const list of [result.firstMs, result.restartMs]) {
        const started = performance.now();
        const backend = await startLocalSupabase({
          port: 0,
          db: { kind: 'embedded', dir: join(dir, 'postgres') },
          log: () => {},
        });
        list.push(performance.now() - started);
        await backend.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return result;
}
