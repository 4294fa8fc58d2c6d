// Adds up vitest JSON reports and prints the plain closing line `N passed, N failed, N skipped`, preceded by
// every failed test (file, name, the first lines of its error), so the end of a CI log says what failed.
// A report named with the suffix `:noskip` must have skipped nothing: the PostgreSQL pass runs the race
// tests that the PGlite pass (one connection) registers as skipped, so a skip there means a test did not run.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const ERROR_LINES = 6;
const REPORT_LINES = 150;
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** The first lines of a failure message, without terminal colours. */
function firstLines(message) {
  return String(message)
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, ERROR_LINES);
}

for (const arg of process.argv.slice(2)) {
  const noSkip = arg.endsWith(':noskip');
  const file = noSkip ? arg.slice(0, -':noskip'.length) : arg;
  if (!existsSync(file)) {
    console.error(`missing test report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const notRun = report.numPendingTests + (report.numTodoTests ?? 0);
  if (noSkip && notRun > 0) {
    console.error(`${file}: ${notRun} test(s) skipped where every test must run`);
    failed += notRun;
  }
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push({ report: file, where, name: test.fullName ?? test.title, lines: firstLines((test.failureMessages ?? []).join('\n')) });
    }
    // a file that failed outside its tests (a hook, an import): its own message
    // (counted once; vitest's numFailedTestSuites also counts the describe blocks around a failed test)
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push({ report: file, where, name: '(the file itself)', lines: firstLines(suite.message ?? '') });
    }
  }
}
if (failures.length > 0) {
  console.log(`\nfailed (${failures.length}):`);
  for (const failure of failures) {
    console.log(`- ${failure.where} > ${failure.name}   [${failure.report}]`);
    for (const line of failure.lines) console.log(`    ${line.slice(0, 300)}`);
  }
  console.log('');
  // what the browser showed when an end-to-end test failed (tests/support/failure-report.ts)
  const browserReport = '.tmp/e2e-failures.log';
  if (existsSync(browserReport)) {
    const lines = readFileSync(browserReport, 'utf8').trimEnd().split('\n');
    console.log(`what the browser showed (${browserReport}${lines.length > REPORT_LINES ? `, its last ${REPORT_LINES} lines` : ''}):`);
    console.log(lines.slice(-REPORT_LINES).join('\n'));
    console.log('');
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
