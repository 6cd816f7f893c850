#!/usr/bin/env bash
# `npm test`: every test, stage by stage. Static checks; unit and integration tests on PGlite; the same
# integration tests on PostgreSQL and Redis whenever they answer (DATABASE_URL and REDIS_URL, or the
# machine's own on 127.0.0.1: scripts/services.mjs), two instances on one PostgreSQL and one Redis
# included; then the browser journeys in Debian's Chromium. Installs Chromium, the CJK fonts, poppler
# (PDF text for duplicate checking) and LibreOffice (office files to PDF) from Debian when they are
# missing. Every stage runs even when one before it failed; the closing lines give each stage's time
# and result, then "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/stages.tsv .tmp/vitest-pglite.json .tmp/vitest-postgres.json .tmp/vitest-two-instances.json .tmp/playwright.json .tmp/playwright-a.json .tmp/playwright-b.json

# stage NAME COMMAND...: runs one stage, noting its seconds and exit status for scripts/summary.mjs
status=0
stage() {
  local name="$1"
  shift
  echo "== $name"
  local started=$SECONDS
  "$@"
  local code=$?
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$code" >>.tmp/stages.tsv
  [ "$code" = 0 ] || status=1
  return 0
}

install_system_packages() {
  if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v soffice >/dev/null 2>&1 && command -v ffmpeg >/dev/null 2>&1 && command -v turnserver >/dev/null 2>&1 && [ -e /usr/lib/nginx/modules/ngx_rtmp_module.so ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
    return 0
  fi
  echo "Installing Chromium and its headless shell, fonts-noto-cjk, poppler-utils, LibreOffice (headless), nginx with libnginx-mod-rtmp, ffmpeg and coturn from Debian…"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk poppler-utils libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui nginx libnginx-mod-rtmp ffmpeg coturn >/dev/null
}

static_checks() {
  npm run typecheck && npx biome lint .
}

stage "system packages" install_system_packages
stage "typecheck and lint" static_checks
# PostgreSQL and Redis: the ones named in the environment, or the machine's own when they answer
eval "$(node scripts/services.mjs)"

# The journeys side by side on one server (E2E_WORKERS workers: see e2e/playwright.config.ts), the server
# on a database of its own on PostgreSQL, and on Redis, whenever they answer, as production runs; on the
# embedded PGlite otherwise
journeys() {
  # drawn at 1× instead of a phone's 2×: the screenshots nobody looks at in a test run cost a fifth of the
  # browser's CPU (e2e/playwright.config.ts)
  export E2E_DPR="${E2E_DPR:-1}"
  # a journey that fails is run once more; the summary names those that passed only then (decision 043)
  export E2E_RETRIES="${E2E_RETRIES:-1}"
  if [ -z "${DATABASE_URL:-}" ]; then
    npx playwright test -c e2e/playwright.config.ts
    return
  fi
  local name="paiclass_e2e_$$"
  local url
  url="$(node scripts/scratch-database.mjs create "$name")" || return 1
  E2E_DATABASE_URL="$url" E2E_REDIS_URL="${REDIS_URL:-}" npx playwright test -c e2e/playwright.config.ts
  local code=$?
  node scripts/scratch-database.mjs drop "$name"
  return $code
}

stage "build" npm run build
# every integration stage runs a failed test once more (--retry=1); the summary names those that passed only
# then (decision 043). The sweeps over every call (role matrix, fuzzing) run once: on PostgreSQL when it answers (decision 042)
# one worker more than the cores here too: the tests' timers (races, slow links, reconnects) leave a core idle
# (stop 43, the stage alone: 236 s with two workers, 208 s with three, 205 s with four)
stage "unit and integration (PGlite)" env -u DATABASE_URL -u REDIS_URL ${DATABASE_URL:+TEST_SWEEPS=postgres} TEST_DB_WORKERS=$(($(nproc) + 1)) npx vitest run --retry=1 --reporter=default --reporter=json --outputFile=.tmp/vitest-pglite.json

if [ -n "${DATABASE_URL:-}" ]; then
  # the workers wait on PostgreSQL's own processes: one more than the cores keeps the machine busy
  stage "integration (PostgreSQL${REDIS_URL:+ and Redis})" \
    env TEST_DB=postgres TEST_DB_WORKERS=$(($(nproc) + 1)) npx vitest run --retry=1 --project server --reporter=default --reporter=json --outputFile=.tmp/vitest-postgres.json
  if [ -n "${REDIS_URL:-}" ]; then
    # the realtime, rate-limit, job and storm-safety tests again, each test app paired with a second
    # instance on the same PostgreSQL and Redis and its calls sent to the two in turn (test/helpers.ts)
    stage "two instances (PostgreSQL and Redis)" \
      env TEST_DB=postgres TEST_INSTANCES=2 TEST_DB_WORKERS=$(($(nproc) + 1)) npx vitest run --retry=1 --project server \
      apps/server/src/realtime apps/server/src/platform apps/server/src/modules/barrage apps/server/src/modules/attendance \
      apps/server/src/modules/interact apps/server/src/modules/exams/attempts.test.ts \
      --reporter=default --reporter=json --outputFile=.tmp/vitest-two-instances.json
  else
    echo "== two instances: skipped, no Redis answers (set REDIS_URL)"
  fi
else
  echo "== integration (PostgreSQL): skipped, no PostgreSQL answers (set DATABASE_URL)"
fi

# The journeys last, on a machine doing nothing else. Side by side with the PostgreSQL stages (load 18-23
# on 2 cores) the two took 38 and 48 minutes, against about 11 and 30 apart, and both timed out tests and
# journeys that pass alone (CI of stop 33, and its rehearsal in stop 34): the overlap saved minutes and
# cost every landing since stop 30.
stage "browser journeys (Chromium, 375x812${DATABASE_URL:+, PostgreSQL}${REDIS_URL:+ and Redis})" journeys

TEST_WALL_SECONDS=$SECONDS node scripts/summary.mjs
exit $status
