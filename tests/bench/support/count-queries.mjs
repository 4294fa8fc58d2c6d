// Preloaded into a gateway process by the issue bench (BENCH_COUNT_QUERIES=1): counts the statements the
// process sends to PostgreSQL (every pg Client#query, BEGIN and COMMIT included) and writes the running count
// to the file named by COUNT_QUERIES_FILE every 100 ms, so the bench can divide a phase's statements by its calls.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

const file = process.env.COUNT_QUERIES_FILE;
// the processes the gateway starts inherit NODE_OPTIONS: only the gateway itself counts (and writes the file)
delete process.env.COUNT_QUERIES_FILE;
if (file && isMainThread) {
  // the gateway's own pg (the same module instance as its `import pg from 'pg'`)
  const pg = createRequire(`${process.cwd()}/`)('pg');
  let count = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(...args) {
    count += 1;
    return query.apply(this, args);
  };
  setInterval(() => writeFileSync(file, String(count)), 100).unref();
}
