// Who calls a function, by self time: node tests/bench/support/profile-callers.mjs <file.cpuprofile> <function name> [depth=6]
import { readFileSync } from 'node:fs';

const [file, name, depth = '6'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const label = (f) => `${f.functionName || '(anon)'}@${f.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(gateway|contract|policies)\//, '$1/')}:${f.lineNumber + 1}`;
const chains = new Map();
let total = 0;
for (const [id, h] of hits) {
  if (byId.get(id).callFrame.functionName !== name) continue;
  total += h;
  const chain = [];
  for (let p = parent.get(id); p !== undefined && chain.length < Number(depth); p = parent.get(p)) chain.push(label(byId.get(p).callFrame));
  const k = chain.join(' < ');
  chains.set(k, (chains.get(k) ?? 0) + h);
}
console.log(`${name}: ${total} of ${profile.samples.length} samples`);
for (const [k, h] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${((100 * h) / profile.samples.length).toFixed(1).padStart(5)}%  ${k}`);
