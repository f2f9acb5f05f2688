// `npm test`: lint (Prettier and ESLint), typecheck, unit and API tests (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Debian's Chromium.
// Ends with one summary line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(os.tmpdir(), `songwish-test-reports-${process.pid}`);
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// `npm run lint`: Prettier's check (formatting) and ESLint.
step('lint', 'npm', ['run', '--silent', 'lint']);
step('typecheck', 'npm', ['run', '--silent', 'typecheck']);

if (process.env.TEST_DATABASE_URL) console.log(`\nData tests run on PGlite and on PostgreSQL (${redact(process.env.TEST_DATABASE_URL)}).`);
else console.log('\nData tests run on PGlite only; set TEST_DATABASE_URL to run them on PostgreSQL too.');
const vitestReport = path.join(reports, 'vitest.json');
step('unit and API tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  failedTests.push(...failedVitestTests(vitest));
}
const slowest = { unit: vitest ? vitestFileSeconds(vitest) : [], e2e: [] };

try {
  buildIfStale();
  ensureChromium();
  const playwrightReport = path.join(reports, 'playwright.json');
  const storeLogs = path.join(reports, 'store-logs');
  const e2ePassed = step('end-to-end tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    E2E_STORE_LOGS: storeLogs,
  });
  if (!e2ePassed) printStoreErrors(storeLogs);
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected + (playwright.stats.flaky ?? 0);
    failedTests.push(...failedPlaywrightTests(playwright));
    slowest.e2e = playwrightFileSeconds(playwright);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failures.push('build for end-to-end tests');
}

rmSync(reports, { recursive: true, force: true });
printSlowest('unit and API test files', slowest.unit);
printSlowest('end-to-end test files', slowest.e2e);
// Named again at the end: a CI log that keeps only its tail still says which tests failed.
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ${name}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);

/** The error lines the end-to-end tests' stores logged: what the browser saw fail often starts there. */
function printStoreErrors(folder) {
  const ERROR_LEVEL = 50;
  const MAX_LINES = 20;
  let files = [];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.log'));
  } catch {
    return;
  }
  for (const name of files) {
    const errors = readFileSync(path.join(folder, name), 'utf8')
      .split('\n')
      .filter((line) => Number(parseLogLine(line)?.level) >= ERROR_LEVEL);
    if (errors.length === 0) continue;
    console.log(`\nErrors the end-to-end store logged (${name}, last ${Math.min(errors.length, MAX_LINES)} of ${errors.length}):`);
    for (const line of errors.slice(-MAX_LINES)) console.log(`  ${line}`);
  }
}

function parseLogLine(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'set';
  }
}

/** "file › test name" of each failed Vitest test, or the file alone when it failed outside a test (in a hook, on import). */
function failedVitestTests(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${name} › ${test.fullName}`);
    return tests.length === 0 && file.status === 'failed' ? [`${name} (failed outside its tests)`] : tests;
  });
}

/** Every spec of a Playwright JSON report, with the file it is in (nested suites name no file of their own). */
function playwrightSpecs(report) {
  const specs = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) specs.push({ spec, file: file ?? spec.file });
    for (const child of suite.suites ?? []) visit(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return specs;
}

/** "[project] file › test title" of each Playwright test that failed or passed only on a retry. */
function failedPlaywrightTests(report) {
  return playwrightSpecs(report).flatMap(({ spec, file }) =>
    (spec.tests ?? []).filter((test) => test.status === 'unexpected' || test.status === 'flaky').map((test) => `[${test.projectName}] ${file} › ${spec.title}`),
  );
}

/**
 * The test files that took longest, so that whoever keeps the suite under its time budget knows
 * where to look. Vitest's figure is a file's run in its worker (without collecting its imports);
 * Playwright's is the sum over the file's tests and projects, what it costs the two workers.
 */
function printSlowest(kind, files, count = 8) {
  if (files.length === 0) return;
  const top = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  console.log(`\nThe ${top.length} slowest ${kind}:`);
  for (const { name, seconds } of top) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
}

function vitestFileSeconds(report) {
  return (report.testResults ?? []).map((file) => ({ name: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }));
}

function playwrightFileSeconds(report) {
  const totals = new Map();
  for (const { spec, file } of playwrightSpecs(report)) {
    const name = `e2e/tests/${file}`;
    const milliseconds = (spec.tests ?? []).flatMap((test) => test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
    totals.set(name, (totals.get(name) ?? 0) + milliseconds);
  }
  return [...totals].map(([name, milliseconds]) => ({ name, seconds: milliseconds / 1000 }));
}
