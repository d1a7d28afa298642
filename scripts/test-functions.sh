#!/usr/bin/env bash
# Type-checks and tests every Edge Function under Deno, as Supabase runs them: each function
# directory has its own deno.json, so each is checked and tested with its own. _shared/ is no
# function (no index.ts): every module of it is checked, and its tests run, with its deno.json.
set -euo pipefail
cd "$(dirname "$0")/.."

for config in supabase/functions/*/deno.json; do
  dir="$(dirname "$config")"
  if [[ -f "$dir/index.ts" ]]; then
    npx --no-install deno check --config "$config" "$dir/index.ts"
  else
    npx --no-install deno check --config "$config" "$dir"/*.ts
  fi
  npx --no-install deno test --no-prompt --config "$config" "$dir"
done
