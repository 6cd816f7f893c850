#!/bin/bash
# The journeys RUNS times in a row (3 by default) while stress-ng keeps every core busy, with no retry
# (issue 23: a journey waits on states, never on timing). On PostgreSQL and Redis when they answer, each
# run on a scratch database of its own, as `npm test` runs them. Needs Debian's stress-ng and a build.
# Prints one line per run (exit code, seconds, load average) and exits non-zero if any run failed. Arguments,
# when given, are passed to Playwright (spec files or folders under e2e/specs, as `specs/classroom`): a part of
# the journeys under the same load.
set -u
cd "$(dirname "$0")/.."
command -v stress-ng > /dev/null || { echo "stress-ng is not installed (apt-get install stress-ng)"; exit 2; }
eval "$(node scripts/services.mjs)"
runs="${RUNS:-3}"
failed=0
for i in $(seq 1 "$runs"); do
  stress-ng --cpu "$(nproc)" --timeout 3600 > /dev/null 2>&1 &
  load=$!
  started=$SECONDS
  if [ -n "${DATABASE_URL:-}" ]; then
    name="paiclass_under_load_$$_$i"
    url="$(node scripts/scratch-database.mjs create "$name")"
    E2E_RETRIES=0 E2E_DPR=1 E2E_DATABASE_URL="$url" E2E_REDIS_URL="${REDIS_URL:-}" npx playwright test -c e2e/playwright.config.ts "$@"
    code=$?
    node scripts/scratch-database.mjs drop "$name"
  else
    E2E_RETRIES=0 E2E_DPR=1 npx playwright test -c e2e/playwright.config.ts "$@"
    code=$?
  fi
  kill "$load"
  wait "$load" 2> /dev/null
  echo "== run $i: exit $code in $((SECONDS - started)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
  [ "$code" -eq 0 ] || failed=1
done
exit $failed
