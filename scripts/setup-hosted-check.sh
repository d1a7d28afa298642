#!/usr/bin/env bash
# Proves `npm run setup:hosted` against the empty local PostgreSQL in DATABASE_URL, as far as a
# machine without a Supabase project can: supabase/local/platform.sql first (what a hosted project
# has before any migration), then the database part (`--only database`: the push, Vault and the
# schedules check) twice, the second of which must change nothing, then once more with another
# service-role key, which must update Vault in place. Last, a dry run of every step. No output may
# hold a secret. Run it through scripts/pg-throwaway.sh with pg_cron loaded:
#
#   PG_THROWAWAY_CRON=1 bash scripts/pg-throwaway.sh bash scripts/setup-hosted-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "setup-hosted-check: $*" >&2
  exit 1
}

if [ -z "${DATABASE_URL:-}" ]; then
  echo "setup-hosted-check: DATABASE_URL is not set; run it as: PG_THROWAWAY_CRON=1 bash scripts/pg-throwaway.sh bash scripts/setup-hosted-check.sh" >&2
  exit 2
fi
case "$DATABASE_URL" in
  postgres://*@127.0.0.1:* | postgres://*@localhost:* | postgresql://*@127.0.0.1:* | postgresql://*@localhost:*) ;;
  *)
    echo "setup-hosted-check: DATABASE_URL must be a throwaway PostgreSQL on 127.0.0.1 or localhost; it loads platform.sql" >&2
    exit 2
    ;;
esac

node --input-type=module -e '
  import { readFileSync } from "node:fs";
  import pg from "pg";
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(readFileSync("supabase/local/platform.sql", "utf8"));
  } finally {
    await client.end();
  }
'

# A service_role JWT of a made-up project: only its claims are read here, never its signature.
fake_key() {
  node -e '
    const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = { iss: "supabase", ref: process.argv[1], role: "service_role", iat: Number(process.argv[2]) };
    console.log([part({ alg: "HS256", typ: "JWT" }), part(claims), "c2lnbmF0dXJl"].join("."));
  ' "$1" "$2"
}

# The real environment wins over .env, so nothing of the operator's own settings takes part.
export SUPABASE_PROJECT_REF=checkprojectrefaaaaa
export SUPABASE_DB_URL="$DATABASE_URL"
SUPABASE_SERVICE_ROLE_KEY="$(fake_key "$SUPABASE_PROJECT_REF" 1700000000)"
export SUPABASE_SERVICE_ROLE_KEY
export SUPABASE_ACCESS_TOKEN=sbp_check_only_token_never_printed
export MAIL_API_URL=https://api.resend.com
export MAIL_API_KEY=re_check_only_key_never_printed
export MAIL_FROM='Kestrel Data <enquiries@example.com>'
export MAIL_INBOUND_DOMAIN=reply.example.com
export ENQUIRY_NOTIFY_TO=team@example.com
export SITE_URL=https://www.example.com

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/setup-hosted-check.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT

setup() {
  local name="$1"
  shift
  if ! npx --no-install tsx scripts/setup-hosted.ts "$@" >"$WORK_DIR/$name" 2>&1; then
    cat "$WORK_DIR/$name" >&2
    fail "npm run setup:hosted -- $* failed ($name run, above)"
  fi
  for secret in "$SUPABASE_SERVICE_ROLE_KEY" "$SUPABASE_ACCESS_TOKEN" "$MAIL_API_KEY"; do
    if grep -qF -- "$secret" "$WORK_DIR/$name"; then
      cat "$WORK_DIR/$name" >&2
      fail "the $name run printed a secret"
    fi
  done
}

# What the database holds that a run could change: the migration history, the jobs, Vault.
state() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (const sql of [
        "select version from supabase_migrations.schema_migrations order by version",
        "select jobid, jobname, schedule, command, active from cron.job order by jobname",
        "select id, name, secret, updated_at from vault.secrets order by name",
      ]) console.log(JSON.stringify((await client.query(sql)).rows));
    } finally {
      await client.end();
    }
  '
}

setup first --only database
MIGRATIONS="$(find supabase/migrations -maxdepth 1 -name '*.sql' | wc -l)"
grep -q "Database changes: $MIGRATIONS migrations applied; enquiry_mail_function_url created; enquiry_mail_service_key created." "$WORK_DIR/first" \
  || { cat "$WORK_DIR/first" >&2; fail "the first run did not apply $MIGRATIONS migrations and create both Vault secrets"; }
BEFORE="$(state)"

setup second --only database
grep -q 'Database changes: none.' "$WORK_DIR/second" \
  || { cat "$WORK_DIR/second" >&2; fail "the second run changed the database"; }
[ "$(state)" = "$BEFORE" ] || fail "the second run left the database different"

SUPABASE_SERVICE_ROLE_KEY="$(fake_key "$SUPABASE_PROJECT_REF" 1800000000)"
setup rotated --only database
grep -q 'Database changes: enquiry_mail_service_key updated.' "$WORK_DIR/rotated" \
  || { cat "$WORK_DIR/rotated" >&2; fail "a new service-role key did not update Vault in place"; }
ROTATED="$(state)"

setup dry --dry-run
grep -q '^7/7 ' "$WORK_DIR/dry" || { cat "$WORK_DIR/dry" >&2; fail "the dry run did not print every step"; }
grep -q '"email.received"' "$WORK_DIR/dry" \
  || { cat "$WORK_DIR/dry" >&2; fail "the dry run's webhook does not carry received mail"; }
[ "$(state)" = "$ROTATED" ] || fail "the dry run changed the database"

echo "setup-hosted-check: the database part applied $MIGRATIONS migrations, stored both Vault secrets and found every job scheduled; a second run changed nothing, a new key updated Vault in place; the dry run printed every step; no output held a secret."
