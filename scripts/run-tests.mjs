// `npm test`: every suite of the README's test command, in two vitest runs:
//   - unit + gateway (component tests in jsdom, gateway API on PGlite): CPU-bound;
//   - e2e (the production build in Chromium against one real gateway).
// One after the other by default. `TEST_PARALLEL=1` runs them side by side (the CPU-bound side at nice 10), each
// output line prefixed with its side's name. Measured on the 2-core machine, side by side is not faster: every
// side is CPU-bound there (the e2e gateway, Chromium and, under CI, the PostgreSQL suites beside them), and the
// niced side crawled (17 of 141 files in 24 minutes) while timing-bound gateway tests starved. It may pay on
// more cores. The command fails when either run fails. Under CI each run writes its own JSON report
// (.tmp/vitest-<side>.json) for the closing summary of .ci/run.
//
//   npm test                      one after the other
//   TEST_PARALLEL=1 npm test      side by side
//   npm test -- <vitest args>     one vitest process with those arguments over the three projects
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');
const extra = process.argv.slice(2);
mkdirSync(resolve(root, '.tmp'), { recursive: true });

const SIDES = [
  // side by side: CPU-bound, started at a lower priority (nice 10) so the browser side keeps the cores
  { name: 'unit+gateway', args: ['--project', 'unit', '--project', 'unit-node', '--project', 'gateway'], json: '.tmp/vitest-unit-gateway.json', nice: 10 },
  { name: 'e2e', args: ['--project', 'e2e'], json: '.tmp/vitest-e2e.json' },
];

/** Runs vitest with args; resolves to its exit code. With a prefix, each output line carries it. */
function run(args, { prefix, json, nice } = {}) {
  return new Promise((done) => {
    const env = { ...process.env, ...(json ? { VITEST_JSON: json } : {}) };
    const command = [process.execPath, vitest, 'run', ...args];
    if (nice && process.platform !== 'win32') command.unshift('nice', '-n', String(nice));
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${prefix}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${prefix}] ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

let codes;
if (extra.length > 0) {
  codes = [await run(['--project', 'unit', '--project', 'unit-node', '--project', 'gateway', '--project', 'e2e', ...extra])];
} else if (process.env.TEST_PARALLEL === '1') {
  codes = await Promise.all(SIDES.map((side) => run(side.args, { prefix: side.name, json: side.json, nice: side.nice })));
} else {
  codes = [];
  for (const side of SIDES) codes.push(await run(side.args, { json: side.json }));
}
const failed = codes.filter((c) => c !== 0).length;
if (failed > 0) console.error(`\n${failed} of ${codes.length} test run(s) failed`);
process.exit(failed > 0 ? 1 : 0);
