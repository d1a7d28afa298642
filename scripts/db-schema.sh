#!/usr/bin/env bash
# The declared schema (supabase/schemas/*.sql, applied in name order as config.toml's
# schema_paths lists them) against the migrations (supabase/migrations), on two empty databases
# of a throwaway PostgreSQL, each first given supabase/local/platform.sql: one gets the migrations
# through `supabase db push`, the other the schema files through psql.
#
#   npm run db:schema-check     the two must give the same database: identical schema-only dumps
#                               of public and private (tables, constraints, indexes, functions
#                               with their bodies, views, triggers, policies, comments, grants)
#   npm run db:diff -- <name>   writes supabase/migrations/<UTC timestamp>_<name>.sql: what takes
#                               the migrated database to the declared one
#
# The draft comes from migra (@pgkit/migra, a port of the tool the Supabase CLI's own `db diff`
# has used); migra leaves out comments and the grants of functions, so the changed COMMENT
# statements and grants are added from the dumps (scripts/db-schema-grants.mjs). Neither writes data: a new reference row goes into the migration by hand. Read
# the draft, then run db:schema-check, which fails on anything still missing.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE="${1:-}"
NAME="${2:-}"
case "$MODE" in
  check) ;;
  diff)
    if ! [[ "$NAME" =~ ^[a-z0-9_]+$ ]]; then
      echo "usage: npm run db:diff -- <name, in lower_snake_case, saying what the change does>" >&2
      exit 2
    fi
    ;;
  *)
    echo "usage: scripts/db-schema.sh check | diff <name> (through scripts/pg-throwaway.sh)" >&2
    exit 2
    ;;
esac
if [ -z "${DATABASE_URL:-}" ]; then
  echo "db-schema: DATABASE_URL is not set; run it through scripts/pg-throwaway.sh (npm run db:schema-check)" >&2
  exit 2
fi

BASE="${DATABASE_URL%/*}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/db-schema.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

for db in from_migrations from_schemas; do
  psql -q -v ON_ERROR_STOP=1 "$DATABASE_URL" -c "create database $db"
  PGOPTIONS=--client-min-messages=warning \
    psql -q -v ON_ERROR_STOP=1 "$BASE/$db" -f supabase/local/platform.sql >/dev/null
done

if ! DO_NOT_TRACK=1 npx --no-install supabase db push --db-url "$BASE/from_migrations?sslmode=disable" --yes \
  >"$WORK/push.log" 2>&1; then
  cat "$WORK/push.log" >&2
  echo "db-schema: supabase db push could not apply supabase/migrations (above)." >&2
  exit 1
fi
for file in supabase/schemas/*.sql; do
  if ! psql -q -v ON_ERROR_STOP=1 "$BASE/from_schemas" -f "$file" >"$WORK/apply.log" 2>&1; then
    cat "$WORK/apply.log" >&2
    echo "db-schema: $file does not apply after the files before it (above)." >&2
    exit 1
  fi
done

dump() {
  pg_dump --schema-only --no-owner -n public -n private "$BASE/$1" | grep -v '^\\\(un\)\?restrict ' >"$WORK/$1.sql"
}
dump from_migrations
dump from_schemas

if [ "$MODE" = "check" ]; then
  if ! diff -u --label 'from supabase/migrations' --label 'from supabase/schemas' \
    "$WORK/from_migrations.sql" "$WORK/from_schemas.sql" >"$WORK/diff.txt"; then
    head -200 "$WORK/diff.txt" >&2
    echo "db-schema: supabase/migrations and supabase/schemas give different databases (diff above): npm run db:diff -- <name> drafts the migration." >&2
    exit 1
  fi
  echo "db-schema: supabase/migrations and supabase/schemas give the same database."
  exit 0
fi

npx --no-install migra "$BASE/from_migrations" "$BASE/from_schemas" --unsafe --with-privileges \
  >"$WORK/draft.sql"
# COMMENT statements (one line each in a dump) the declared schema has and the migrations lack.
grep '^COMMENT ON ' "$WORK/from_migrations.sql" | sort >"$WORK/comments_from_migrations.txt" || true
grep '^COMMENT ON ' "$WORK/from_schemas.sql" | sort >"$WORK/comments_from_schemas.txt" || true
comm -13 "$WORK/comments_from_migrations.txt" "$WORK/comments_from_schemas.txt" >"$WORK/comments.sql"
node scripts/db-schema-grants.mjs "$WORK/from_migrations.sql" "$WORK/from_schemas.sql" >"$WORK/grants.sql"
if ! grep -q '[^[:space:]]' "$WORK/draft.sql" "$WORK/comments.sql" "$WORK/grants.sql"; then
  echo "db-schema: supabase/schemas declares nothing the migrations do not already make: no migration written."
  exit 0
fi
TARGET="supabase/migrations/$(date -u +%Y%m%d%H%M%S)_${NAME}.sql"
{
  echo "-- Migration: $NAME (drafted by npm run db:diff from supabase/schemas; read before committing)."
  echo
  cat "$WORK/draft.sql"
  for part in grants comments; do
    if [ -s "$WORK/$part.sql" ]; then
      echo
      cat "$WORK/$part.sql"
    fi
  done
} >"$TARGET"
echo "db-schema: wrote $TARGET; read it, then npm run db:schema-check."
