// Creates a PGlite data directory (initdb) and exits: run by client.ts in a child process, so that the
// few hundred MB initdb allocates (its own WASM instance and memory, the file-system bundle) go with the
// child instead of staying in the gateway's resident memory. Usage: node pglite-init.mjs <dataDir>
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-init.mjs <dataDir>\n');
  process.exit(2);
}
const client = new PGlite({ dataDir });
await client.waitReady;
await client.close();
