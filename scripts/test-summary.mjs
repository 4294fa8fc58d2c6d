// Adds up vitest JSON reports and prints the plain closing line `N passed, N failed, N skipped`.
// A report named with the suffix `:noskip` must have skipped nothing: the PostgreSQL pass runs the race
// tests that the PGlite pass (one connection) registers as skipped, so a skip there means a test did not run.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
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
  if (report.numFailedTestSuites) failed += report.numFailedTestSuites;
  const notRun = report.numPendingTests + (report.numTodoTests ?? 0);
  if (noSkip && notRun > 0) {
    console.error(`${file}: ${notRun} test(s) skipped where every test must run`);
    failed += notRun;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
