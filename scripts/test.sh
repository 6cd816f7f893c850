#!/usr/bin/env bash
# `npm test`: every test. Static checks, unit and integration tests on PGlite, the same integration
# tests on PostgreSQL and Redis when DATABASE_URL (and REDIS_URL) are set, then the browser journeys
# in Debian's Chromium. Installs Chromium, the CJK fonts, poppler (PDF text for duplicate checking) and
# LibreOffice (office files to PDF) from Debian when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

if ! command -v chromium >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1 || ! command -v soffice >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
  echo "Installing Chromium, fonts-noto-cjk, poppler-utils and LibreOffice (headless) from Debian…"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk poppler-utils libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui >/dev/null
fi

echo "== typecheck and lint"
npm run typecheck
npx biome lint .

echo "== unit and integration tests (PGlite)"
env -u DATABASE_URL -u REDIS_URL npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest-pglite.json

if [ -n "${DATABASE_URL:-}" ]; then
  echo "== integration tests (PostgreSQL${REDIS_URL:+ and Redis})"
  TEST_DB=postgres npx vitest run apps/server --reporter=default --reporter=json --outputFile=.tmp/vitest-postgres.json
fi

echo "== browser journeys (Chromium, 375x812)"
npm run build
# Two groups of journeys side by side, each serial on its own server and database (see e2e/playwright.config.ts);
# each writes to its own log, printed whole once both are done. Old reports go first so none is counted twice.
rm -f .tmp/playwright.json .tmp/playwright-a.json .tmp/playwright-b.json
E2E_GROUP=a npx playwright test -c e2e/playwright.config.ts >.tmp/e2e-a.log 2>&1 &
pid_a=$!
E2E_GROUP=b npx playwright test -c e2e/playwright.config.ts >.tmp/e2e-b.log 2>&1 &
pid_b=$!
status_a=0
status_b=0
wait "$pid_a" || status_a=$?
wait "$pid_b" || status_b=$?
echo "-- journeys, group a (exit $status_a)"
cat .tmp/e2e-a.log
echo "-- journeys, group b (exit $status_b)"
cat .tmp/e2e-b.log
status=0
[ "$status_a" = 0 ] || status=$status_a
[ "$status_b" = 0 ] || status=$status_b

node scripts/summary.mjs
exit $status
