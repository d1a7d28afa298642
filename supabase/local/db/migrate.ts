import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

import type { Database } from './database.ts';

const platformSqlPath = new URL('../platform.sql', import.meta.url);

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export interface BootstrapResult {
  applied: string[];
  seeded: boolean;
}

/** `20250101120000_create_things.sql` → version `20250101120000`, name `create_things`. */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, path: join(dir, file) };
    });
}

/**
 * Brings a database to the current schema the way `supabase start` does: platform objects, then
 * each migration not yet recorded in supabase_migrations.schema_migrations (one transaction each),
 * then the seed file, on a fresh database only.
 */
export async function bootstrapDatabase(
  db: Database,
  options: { migrationsDir: string; seedFile: string; log: (line: string) => void },
): Promise<BootstrapResult> {
  await db.exec(readFileSync(platformSqlPath, 'utf8'));

  const initialised = await db.query(`select 1 from local_dev.state where key = 'initialised_at'`);
  const fresh = initialised.rows.length === 0;

  const done = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const appliedVersions = new Set(done.rows.map((row) => row.version));
  const applied: string[] = [];

  for (const migration of listMigrations(options.migrationsDir)) {
    if (appliedVersions.has(migration.version)) continue;
    const sql = readFileSync(migration.path, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`migration ${basename(migration.path)} failed: ${reason}`, { cause: error });
    }
    applied.push(migration.version);
    options.log(`applied migration ${basename(migration.path)}`);
  }

  let seeded = false;
  if (fresh) {
    if (existsSync(options.seedFile)) {
      const seed = readFileSync(options.seedFile, 'utf8');
      try {
        await db.transaction((tx) => tx.exec(seed));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`seed ${basename(options.seedFile)} failed: ${reason}`, { cause: error });
      }
      seeded = true;
      options.log(`applied seed ${basename(options.seedFile)}`);
    }
    await db.query(
      `insert into local_dev.state (key, value) values ('initialised_at', now()::text) on conflict (key) do nothing`,
    );
  }
  return { applied, seeded };
}
