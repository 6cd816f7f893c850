// Adds up the test runs into the closing lines: each stage's time and result (from .tmp/stages.tsv,
// written by scripts/test.sh), then one line "N passed, N failed". A stage that failed without a test
// report of its own (the type check, the build) counts as one failure.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const counted = new Map(); // stage report -> [passed, failed]

function vitest(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return [r.numPassedTests, r.numFailedTests, r.numPendingTests + (r.numTodoTests ?? 0)];
}
function playwright(file) {
  if (!fs.existsSync(file)) return null;
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
  return [s.expected + (s.flaky ?? 0), s.unexpected, s.skipped];
}

const reports = {
  'unit and integration (PGlite)': vitest('.tmp/vitest-pglite.json'),
  'integration (PostgreSQL': vitest('.tmp/vitest-postgres.json'),
  'two instances': vitest('.tmp/vitest-two-instances.json'),
  // a run split by E2E_GROUP writes one report a group
  'browser journeys': (() => {
    const parts = ['.tmp/playwright.json', '.tmp/playwright-a.json', '.tmp/playwright-b.json'].map(playwright).filter(Boolean);
    return parts.length ? parts.reduce((a, b) => a.map((n, i) => n + b[i])) : null;
  })(),
};
for (const [prefix, counts] of Object.entries(reports)) {
  if (!counts) continue;
  counted.set(prefix, counts);
  passed += counts[0];
  failed += counts[1];
  skipped += counts[2];
}

// CI keeps only the run's last lines: the page a failed journey was on (Playwright's error context, an
// accessibility snapshot) goes here, above the stage times, for the first failure only, cut short
function firstFailedPage() {
  const file = ['.tmp/playwright.json', '.tmp/playwright-a.json', '.tmp/playwright-b.json'].find((f) => fs.existsSync(f));
  if (!file) return;
  const specs = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) specs.push(spec);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  // the journeys that failed once and passed when run again (E2E_RETRIES): named, each with its first error
  // line, so that a flaky journey is seen and mended rather than hidden by its retry
  const flaky = specs.flatMap((spec) =>
    (spec.tests ?? [])
      .filter((t) => t.status === 'flaky')
      .map((t) => {
        const error = (t.results ?? []).find((r) => r.status !== 'passed')?.error?.message ?? '';
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of Playwright's message
        const said = error.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0].slice(0, 200);
        return `  ${spec.file} › ${spec.title}\n    ${said}`;
      }),
  );
  if (flaky.length) console.log(`\nJourneys that failed once and passed on their retry (${flaky.length}):\n${flaky.join('\n')}`);
  for (const spec of specs)
    for (const t of spec.tests ?? [])
      for (const r of t.results ?? []) {
        if (t.status !== 'unexpected') continue;
        const context = (r.attachments ?? []).find((a) => a.name === 'error-context' && a.path && fs.existsSync(a.path));
        if (r.status === 'passed' || r.status === 'skipped' || !context) continue;
        const text = fs.readFileSync(context.path, 'utf8').split('\n');
        // the snapshot only: the error itself is in the journeys' log above
        const from = Math.max(0, text.indexOf('```yaml'));
        const to = text.indexOf('```', from + 1);
        const lines = text.slice(from, to > from ? to + 1 : undefined);
        console.log(`\nThe page when "${spec.title}" (${spec.file}) failed:`);
        console.log(lines.slice(0, 30).join('\n'));
        if (lines.length > 30) console.log(`… ${lines.length - 30} more lines in ${context.path}`);
        return;
      }
}
firstFailedPage();

// the same for the integration stages: each failed test's file, name and the first line of its error,
// or, for a file that failed to load, the file and its error
function failedVitestTests() {
  const first = (text) =>
    String(text ?? '')
      .split('\n')[0]
      .slice(0, 300);
  for (const file of ['.tmp/vitest-pglite.json', '.tmp/vitest-postgres.json', '.tmp/vitest-two-instances.json']) {
    if (!fs.existsSync(file)) continue;
    const failures = [];
    const retried = [];
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).testResults ?? []) {
      const name = suite.name.replace(`${process.cwd()}/`, '');
      const tests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      // passed on its retry (--retry=1, scripts/test.sh): vitest keeps the failed try's error with it
      for (const t of (suite.assertionResults ?? []).filter((t) => t.status === 'passed' && t.failureMessages?.length))
        retried.push(`  ${name} › ${t.fullName}\n    ${first(t.failureMessages[0]).replace('Error: STACK_TRACE_ERROR', 'timed out')}`);
      for (const t of tests) {
        // a test over its time limit comes with vitest's placeholder instead of its message
        const said = first(t.failureMessages?.[0]).replace('Error: STACK_TRACE_ERROR', 'timed out');
        failures.push(`  ${name} › ${t.fullName} (${Math.round((t.duration ?? 0) / 1000)} s)\n    ${said}`);
      }
      if (suite.status === 'failed' && !tests.length) failures.push(`  ${name}\n    ${first(suite.message)}`);
    }
    if (retried.length) console.log(`\nFailed once and passed on their retry in ${file}:\n${retried.join('\n')}`);
    if (!failures.length) continue;
    console.log(`\nFailed in ${file}:`);
    console.log(failures.slice(0, 8).join('\n'));
    if (failures.length > 8) console.log(`… ${failures.length - 8} more`);
  }
}
failedVitestTests();

const stages = fs.existsSync('.tmp/stages.tsv')
  ? fs
      .readFileSync('.tmp/stages.tsv', 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
  : [];
if (stages.length) {
  console.log('\nStages:');
  let total = 0;
  for (const [name, seconds, code] of stages) {
    total += Number(seconds);
    const report = [...counted.entries()].find(([prefix]) => name.startsWith(prefix))?.[1];
    const result = report
      ? `${report[0]} passed, ${report[1]} failed${report[2] ? `, ${report[2]} skipped` : ''}`
      : code === '0'
        ? 'ok'
        : 'FAILED';
    if (!report && code !== '0') failed += 1;
    const m = Math.floor(Number(seconds) / 60);
    const s = String(Number(seconds) % 60).padStart(2, '0');
    console.log(`  ${name.padEnd(58)} ${`${m}:${s}`.padStart(6)}  ${result}`);
  }
  const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`.padStart(6);
  console.log(`  ${'all stages, added up'.padEnd(58)} ${clock(total)}`);
  const wall = Number(process.env.TEST_WALL_SECONDS);
  if (wall > 0) console.log(`  ${'the whole run (wall clock)'.padEnd(58)} ${clock(wall)}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
