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
  # the workers wait on PostgreSQL's own processes: one more than the cores keeps the machine busy
  TEST_DB=postgres TEST_DB_WORKERS=$(( $(nproc) + 1 )) npx vitest run apps/server --reporter=default --reporter=json --outputFile=.tmp/vitest-postgres.json
fi

echo "== browser journeys (Chromium, 375x812)"
npm run build
# The journeys side by side on one server (E2E_WORKERS workers, 2 by default: see e2e/playwright.config.ts);
# the old report goes first so that none is counted twice
rm -f .tmp/playwright.json .tmp/playwright-a.json .tmp/playwright-b.json
status=0
npx playwright test -c e2e/playwright.config.ts || status=$?

node scripts/summary.mjs
exit $status
