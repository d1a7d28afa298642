#!/usr/bin/env bash
# Generates src/lib/database.types.ts from supabase/migrations with Supabase's own generator, the one
# `supabase gen types typescript --db-url … --schema public` runs in Docker: @supabase/postgres-meta,
# installed on demand into scripts/db-types/ from its own lockfile (not an app dependency: see
# docs/decisions). A throwaway PostgreSQL gets platform.sql, the migrations and the seed through
# `supabase db push` (scripts/db-push.sh); the generator reads its public schema; Prettier formats.
#
#   npm run db:types              rewrite src/lib/database.types.ts
#   npm run db:types -- --check   fail when the committed file differs from a fresh generation (CI)
set -euo pipefail
cd "$(dirname "$0")/.."

TYPES_FILE="src/lib/database.types.ts"
TOOL_DIR="scripts/db-types"
HEADER='// Generated from supabase/migrations by `npm run db:types` (scripts/db-types.sh), with the generator
// `supabase gen types typescript` uses. Do not edit: change the schema with a migration and run
// `npm run db:types`; CI fails when this file differs from a fresh generation.'

# Inside the throwaway cluster: migrate, generate, format, write to $DB_TYPES_OUT.
if [ -n "${DB_TYPES_OUT:-}" ]; then
  bash scripts/db-push.sh >&2
  RAW_FILE="$DB_TYPES_OUT.raw"
  if ! PG_META_DB_URL="$DATABASE_URL" \
    PG_META_GENERATE_TYPES=typescript \
    PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS=public \
    PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS=true \
    node "$TOOL_DIR/node_modules/@supabase/postgres-meta/dist/server/server.js" \
    >"$RAW_FILE" 2>"$DB_TYPES_OUT.log"; then
    cat "$DB_TYPES_OUT.log" >&2
    echo "db-types: the generator failed (above)." >&2
    exit 1
  fi
  { printf '%s\n\n' "$HEADER"; cat "$RAW_FILE"; } |
    npx --no-install prettier --stdin-filepath "$TYPES_FILE" >"$DB_TYPES_OUT"
  exit 0
fi

MODE="write"
case "${1:-}" in
  "") ;;
  --check) MODE="check" ;;
  *)
    echo "usage: scripts/db-types.sh [--check]" >&2
    exit 2
    ;;
esac

WANTED="$(node -p 'require("./scripts/db-types/package.json").dependencies["@supabase/postgres-meta"]')"
INSTALLED="$(node -p 'try { require("./scripts/db-types/node_modules/@supabase/postgres-meta/package.json").version } catch { "" }')"
if [ "$INSTALLED" != "$WANTED" ]; then
  echo "db-types: installing @supabase/postgres-meta@$WANTED into $TOOL_DIR/node_modules (about 200 MB, once)..."
  # --ignore-scripts: the generator needs none, and the profiler it bundles would try to build one.
  npm ci --prefix "$TOOL_DIR" --ignore-scripts --no-audit --no-fund --loglevel=error
fi

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/db-types.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT
FRESH="$WORK_DIR/database.types.ts"

DB_TYPES_OUT="$FRESH" PG_THROWAWAY_REQUIRED=1 bash scripts/pg-throwaway.sh bash "$0" >&2
if [ ! -s "$FRESH" ]; then
  echo "db-types: no types were generated." >&2
  exit 1
fi

if [ "$MODE" = "write" ]; then
  cp "$FRESH" "$TYPES_FILE"
  echo "db-types: wrote $TYPES_FILE."
  exit 0
fi

if ! cmp -s "$FRESH" "$TYPES_FILE"; then
  diff -u --label "$TYPES_FILE (committed)" --label "$TYPES_FILE (generated from supabase/migrations)" \
    "$TYPES_FILE" "$FRESH" | head -n 80 >&2 || true
  echo "db-types: $TYPES_FILE is not what supabase/migrations generate (diff above)." >&2
  echo "db-types: run \`npm run db:types\` and commit the file; do not edit it by hand." >&2
  exit 1
fi
echo "db-types: $TYPES_FILE matches supabase/migrations."
