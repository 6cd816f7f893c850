// Adds up the JSON reports of the test runs into one closing line: "N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['.tmp/vitest-pglite.json', '.tmp/vitest-postgres.json']) {
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
// The journeys write playwright.json (scripts/test.sh runs them all at once); a run split by E2E_GROUP writes one report a group.
const grouped = ['.tmp/playwright-a.json', '.tmp/playwright-b.json'].filter((file) => fs.existsSync(file));
const e2eReports = grouped.length ? grouped : ['.tmp/playwright.json'].filter((file) => fs.existsSync(file));
for (const file of e2eReports) {
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
