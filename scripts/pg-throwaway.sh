#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temp directory, start it on a
# free port on 127.0.0.1, run "$@" with DATABASE_URL set, then stop and delete the cluster.
# Exits with the command's status. Without PostgreSQL server binaries it prints a notice and exits 0,
# or fails when PG_THROWAWAY_REQUIRED=1 (CI, and checks that must not pass by not running).
#
#   scripts/pg-throwaway.sh npx vitest run --project integration
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/pg-throwaway.sh <command> [args...]" >&2
  exit 2
fi

find_bin_dir() {
  local candidate
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return 0
  fi
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/initdb" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if ! BIN_DIR="$(find_bin_dir)"; then
  if [ "${PG_THROWAWAY_REQUIRED:-}" = "1" ]; then
    echo "pg-throwaway: no PostgreSQL server binaries (pg_ctl, initdb) found, and this needs them: $*" >&2
    echo "pg-throwaway: install them, e.g. apt-get install postgresql-15" >&2
    exit 1
  fi
  echo "pg-throwaway: no PostgreSQL server binaries (pg_ctl, initdb) found; skipping: $*"
  exit 0
fi

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

PORT="$(free_port)"
WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")"
DATA_DIR="$WORK_DIR/data"
LOG_FILE="$WORK_DIR/server.log"

# initdb and postgres refuse to run as root: run them as an unprivileged user that owns the cluster.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  PG_USER="postgres"
  id "$PG_USER" >/dev/null 2>&1 || PG_USER="nobody"
  chown "$PG_USER" "$WORK_DIR"
  chmod 700 "$WORK_DIR"
  if command -v runuser >/dev/null 2>&1; then
    RUN_AS=(runuser -u "$PG_USER" --)
  else
    RUN_AS=(su -s /bin/sh "$PG_USER" -c)
  fi
fi

as_pg() {
  if [ "${#RUN_AS[@]}" -eq 0 ]; then
    "$@"
  elif [ "${RUN_AS[0]}" = "runuser" ]; then
    "${RUN_AS[@]}" "$@"
  else
    "${RUN_AS[@]}" "$(printf '%q ' "$@")"
  fi
}

cleanup() {
  as_pg "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_pg "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$WORK_DIR/initdb.log" 2>&1 \
  || as_pg "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$WORK_DIR/initdb.log" 2>&1 \
  || { echo "pg-throwaway: initdb failed:" >&2; cat "$WORK_DIR/initdb.log" >&2; exit 1; }

# PG_THROWAWAY_CRON=1: load a real pg_cron for the postgres database, as hosted Supabase does
# (Debian's postgresql-<version>-cron). Only when asked: its scheduler would run jobs mid-test.
SERVER_OPTIONS="-p $PORT -c listen_addresses=127.0.0.1 -k $WORK_DIR -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
if [ "${PG_THROWAWAY_CRON:-}" = "1" ]; then
  if [ -f "$BIN_DIR/../lib/pg_cron.so" ]; then
    SERVER_OPTIONS="$SERVER_OPTIONS -c shared_preload_libraries=pg_cron -c cron.database_name=postgres"
  elif [ "${PG_THROWAWAY_REQUIRED:-}" = "1" ]; then
    echo "pg-throwaway: PG_THROWAWAY_CRON=1 needs pg_cron: apt-get install postgresql-$(basename "$(dirname "$BIN_DIR")")-cron" >&2
    exit 1
  else
    echo "pg-throwaway: no pg_cron for this server; the platform.sql stand-in takes its place"
  fi
fi

if ! as_pg "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 30 -o "$SERVER_OPTIONS" start >/dev/null; then
  echo "pg-throwaway: PostgreSQL did not start:" >&2
  cat "$LOG_FILE" >&2 || true
  exit 1
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "pg-throwaway: PostgreSQL $("$BIN_DIR/pg_ctl" --version | awk '{print $3}') on 127.0.0.1:$PORT ($DATABASE_URL)"

set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
