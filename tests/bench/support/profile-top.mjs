// Prints the top self-time functions of a .cpuprofile (and the idle/GC/program share):
//   node tests/bench/support/profile-top.mjs <file.cpuprofile> [count=30] [window]
// window: only the samples taken in it, in seconds from the profile's start (`12-30`), or from its end
// (`-12`: the last 12 s; `-14:-2`: from 14 s to 2 s before the end), e.g. the search bench's last measurement.
import { readFileSync } from 'node:fs';

const [file, count = '30', window = ''] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const span = (profile.endTime - profile.startTime) / 1e6;
let [from, to] = [0, span];
if (window.startsWith('-')) [from, to] = window.split(':').map((x) => span + Number(x)).concat([span]);
else if (window) [from, to] = window.split('-').map(Number);
const hits = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  const t = (at - profile.startTime) / 1e6;
  if (t >= from && t <= to) hits.set(id, (hits.get(id) ?? 0) + 1);
});
const total = [...hits.values()].reduce((a, b) => a + b, 0);
if (window) console.log(`window ${from.toFixed(1)}–${to.toFixed(1)} s of ${span.toFixed(1)} s`);
const self = new Map();
for (const [id, h] of hits) {
  const f = byId.get(id).callFrame;
  const url = f.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(gateway|contract|policies)\//, '$1/');
  const key = `${f.functionName || '(anonymous)'}  ${url}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + h);
}
const ms = (profile.endTime - profile.startTime) / 1000;
console.log(`${total} samples over ${(ms / 1000).toFixed(1)} s`);
for (const [key, h] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.log(`${((100 * h) / total).toFixed(1).padStart(5)}%  ${key}`);
}
// self time by package / folder
const pkg = new Map();
for (const [id, h] of hits) {
  const url = byId.get(id).callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  const k = m ? m[1] : url ? url.replace(/^file:\/\/.*?\/(gateway\/[^/]+|contract|policies)\/.*$/, '$1').replace(/^node:.*/, 'node:internal') : byId.get(id).callFrame.functionName || '(native)';
  pkg.set(k, (pkg.get(k) ?? 0) + h);
}
console.log('--- by package');
for (const [k, h] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${((100 * h) / total).toFixed(1).padStart(5)}%  ${k}`);
