#!/usr/bin/env bash
# Type-checks and tests every Edge Function under Deno, as Supabase runs them: each function
# directory has its own deno.json, so each is checked and tested with its own.
set -euo pipefail
cd "$(dirname "$0")/.."

for config in supabase/functions/*/deno.json; do
  dir="$(dirname "$config")"
  npx --no-install deno check --config "$config" "$dir/index.ts"
  npx --no-install deno test --no-prompt --config "$config" "$dir"
done
