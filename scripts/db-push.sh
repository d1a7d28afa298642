#!/usr/bin/env bash
# Deploys supabase/ to the empty local PostgreSQL in DATABASE_URL the way a hosted project gets it:
# supabase/local/platform.sql first (the roles, auth schema and default privileges Supabase's own
# image creates), then `supabase db push --include-seed`, the Supabase CLI's own migration runner.
# Then pushes again, which must find nothing left to apply. Fails with the CLI's message when a
# migration or the seed does not apply. Run it through scripts/pg-throwaway.sh (npm run
# db:push-check); it refuses any database that is not on this machine.
#
#   bash scripts/pg-throwaway.sh bash scripts/db-push.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DATABASE_URL:-}" ]; then
  echo "db-push: DATABASE_URL is not set; run it as: bash scripts/pg-throwaway.sh bash scripts/db-push.sh" >&2
  exit 2
fi
case "$DATABASE_URL" in
  postgres://*@127.0.0.1:* | postgres://*@localhost:* | postgresql://*@127.0.0.1:* | postgresql://*@localhost:*) ;;
  *)
    echo "db-push: DATABASE_URL must be a throwaway PostgreSQL on 127.0.0.1 or localhost; it loads platform.sql and the seed" >&2
    exit 2
    ;;
esac

# No usage reports from the CLI, and its update check stays out of the output.
export DO_NOT_TRACK=1

node --input-type=module -e '
  import { readFileSync } from "node:fs";
  import pg from "pg";
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(readFileSync("supabase/local/platform.sql", "utf8"));
  } catch (error) {
    console.error(`db-push: supabase/local/platform.sql failed: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await client.end();
  }
'

PUSH_URL="$DATABASE_URL?sslmode=disable"
OUTPUT_FILE="$(mktemp "${TMPDIR:-/tmp}/db-push.XXXXXX")"
trap 'rm -f "$OUTPUT_FILE"' EXIT

if ! npx --no-install supabase db push --db-url "$PUSH_URL" --include-seed --yes >"$OUTPUT_FILE" 2>&1; then
  cat "$OUTPUT_FILE" >&2
  echo "db-push: supabase db push could not apply supabase/migrations and supabase/seed.sql (above)." >&2
  exit 1
fi
APPLIED="$(grep -c '^Applying migration ' "$OUTPUT_FILE" || true)"
EXPECTED="$(find supabase/migrations -maxdepth 1 -name '*.sql' | wc -l)"
if [ "$APPLIED" -ne "$EXPECTED" ]; then
  cat "$OUTPUT_FILE" >&2
  echo "db-push: supabase db push applied $APPLIED migrations, supabase/migrations has $EXPECTED (a file name the CLI skips?)." >&2
  exit 1
fi

if ! npx --no-install supabase db push --db-url "$PUSH_URL" --yes >"$OUTPUT_FILE" 2>&1 \
  || grep -q '^Applying migration ' "$OUTPUT_FILE"; then
  cat "$OUTPUT_FILE" >&2
  echo "db-push: a second supabase db push did not find the database up to date." >&2
  exit 1
fi

echo "db-push: supabase db push applied $APPLIED migrations and the seed; a second push had nothing to do."

# Every schedule the migrations declare is in pg_cron's table, and each job's command runs.
npx --no-install tsx scripts/db-schedules-check.ts
