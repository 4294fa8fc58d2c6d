/**
 * The portal's build resolves casbin's imports of buffer, minimatch and csv-parse/sync to small local modules
 * (scripts/casbin-browser.ts). These tests keep that correct: casbin still uses them only where the stand-ins
 * cover it (a casbin upgrade that uses them elsewhere fails here), the Buffer subset behaves as Node's Buffer for
 * what ipMatch calls, and the stand-ins of what the portal never calls fail loudly. The enforcer's decisions in
 * the built portal are those of tests/e2e (routes and menus per user).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { casbinBufferUses } from '../../scripts/casbin-browser';
import { Buffer as Small } from '../../src/access/casbin-browser/buffer';
import { minimatch, parse } from '../../src/access/casbin-browser/unused';
import { actionPolicies, allowed, createEnforcer, routePolicies } from '../../policies/enforcer';
import { CASBIN_MODEL } from '../../policies/model';
import { PERMISSION_NAMES } from '../../policies/permissions';
import { ROLE_TO_NAMES } from '../../policies/permissions';

const casbinDir = join(createRequire(import.meta.url).resolve('casbin'), '../../..');
const esm = readFileSync(join(casbinDir, 'lib/esm/index.mjs'), 'utf8');

describe("casbin's browser stand-ins", () => {
  it('casbin imports these packages and uses the three stand-ins each only where the stand-ins cover it', () => {
    const bare = [...esm.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map((m) => m[1]).sort();
    expect(bare).toEqual(['@casbin/expression-eval', 'await-lock', 'buffer', 'csv-parse/sync', 'minimatch'].sort());
    // Buffer: the imported one only allocated with `new` (ipMatch's toBuffer); the global one only to read text
    expect([...esm.matchAll(/Buffer2[^\w]/g)].length).toBe([...esm.matchAll(/new Buffer2\(/g)].length + 1);
    expect([...esm.matchAll(/(?<![\w.$])Buffer\.(\w+)/g)].map((m) => m[1]).sort()).toEqual(['from', 'from', 'isBuffer']);
    expect(esm).toContain('config.parseBuffer(Buffer.from(text));');
    expect(esm).toMatch(/parseBuffer\(buf\) \{\s+const lines = buf\.toString\(\)\.split/);
    expect(casbinBufferUses(esm)).not.toMatch(/(?<![\w.$])Buffer\./);
    // minimatch: one call, in globMatch
    expect([...esm.matchAll(/minimatch\(/g)].length).toBe(1);
    expect(esm).toMatch(/function globMatch\(string, pattern\) \{(?:(?!\nfunction )[\s\S])*return minimatch\(string, pattern\);/);
    // csv-parse: one call, in the policy-file line parser
    expect([...esm.matchAll(/return parse\(line,/g)].length).toBe(1);
  });

  it("our model matches with keyMatch2 and eval only: no globMatch, no ipMatch", () => {
    expect(CASBIN_MODEL).toContain('keyMatch2(');
    expect(CASBIN_MODEL).not.toMatch(/globMatch|ipMatch|regexMatch/);
  });

  it('the Buffer subset reads like Node’s Buffer (ipMatch: index, slice, readUInt16BE, hex)', () => {
    for (let n = 0; n < 50; n += 1) {
      const len = 4 + (n % 13);
      const small = new Small(len);
      const node = Buffer.alloc(len);
      expect([...small]).toEqual([...node]); // zero-filled
      for (let i = 0; i < len; i += 1) {
        const v = (n * 37 + i * 101) & 0xff;
        small[i] = v;
        node[i] = v;
      }
      expect(small.toString('hex')).toBe(node.toString('hex'));
      expect(small.slice(1, 3)).toBeInstanceOf(Small);
      expect((small.slice(1, 3) as Small).toString('hex')).toBe(node.subarray(1, 3).toString('hex'));
      for (let i = 0; i + 2 <= len; i += 2) expect(small.readUInt16BE(i)).toBe(node.readUInt16BE(i));
    }
    expect(() => new Small(2).readUInt16BE(1)).toThrow(RangeError);
    expect(() => new Small(2).toString('base64')).toThrow(/not available/);
  });

  it('reads text like Node’s Buffer (the model text)', () => {
    for (const text of ['', 'a = b', CASBIN_MODEL, 'Tiếng Việt có dấu ✈', '\r\n[x]\n']) {
      const small = Small.from(text);
      expect(Small.isBuffer(small)).toBe(true);
      expect([...small]).toEqual([...Buffer.from(text)]);
      expect(small.toString()).toBe(Buffer.from(text).toString());
    }
    expect(Small.isBuffer('x')).toBe(false);
  });

  it('casbin built as the portal builds it decides every route and action as casbin does', async () => {
    // casbin's module as the build sees it: the three imports on the local modules, the global Buffer uses on the
    // imported one, and no global Buffer at all
    const dir = resolve(import.meta.dirname, '../../.tmp/casbin-browser');
    mkdirSync(dir, { recursive: true });
    const shims = resolve(import.meta.dirname, '../../src/access/casbin-browser');
    const code = casbinBufferUses(esm)
      .replace('from "buffer"', `from ${JSON.stringify(join(shims, 'buffer.ts'))}`)
      .replace('from "minimatch"', `from ${JSON.stringify(join(shims, 'unused.ts'))}`)
      .replace('from "csv-parse/sync"', `from ${JSON.stringify(join(shims, 'unused.ts'))}`);
    const file = join(dir, 'casbin.mjs');
    writeFileSync(file, code);
    vi.stubGlobal('Buffer', undefined);
    let portal: Awaited<ReturnType<typeof createEnforcer>>;
    try {
      const casbin = (await import(/* @vite-ignore */ file)) as typeof import('casbin');
      portal = await casbin.newEnforcer(casbin.newModelFromString(CASBIN_MODEL));
      await portal.addPolicies([...routePolicies(), ...actionPolicies()]);
    } finally {
      vi.unstubAllGlobals();
    }
    const real = await createEnforcer([...routePolicies(), ...actionPolicies()]);
    const objects = [...new Set([...routePolicies(), ...actionPolicies()].map(([, obj]) => obj))];
    // none, all, each role alone, and users like the demo's (a role and some flags)
    const sets: string[][] = [
      [], [...PERMISSION_NAMES], ...[...new Set(Object.values(ROLE_TO_NAMES).flat())].map((r) => [r]),
      ['AGENT_F2', 'ONLY_SHOW_NEW'], ['AGENT_F1', 'VIEW_DEPOSIT', 'USE_TRAIN', 'USE_ESIM', 'EXPORT_TICKET'],
    ];
    let allowedCount = 0;
    for (const set of sets) {
      for (const obj of objects) {
        const concrete = obj.replace(/:(\w+)/g, '123');
        for (const path of new Set([obj, concrete])) {
          const want = await allowed(real, set, path, 'view');
          expect(await allowed(portal, set, path, 'view'), `${set.join(',')} ${path}`).toBe(want);
          if (want) allowedCount += 1;
        }
      }
    }
    // both answers occur (the comparison is not over denials only)
    expect(allowedCount).toBeGreaterThan(objects.length);
  });

  it('what the portal never calls fails loudly instead of deciding', () => {
    expect(() => parse()).toThrow(/Parsing policy CSV is not available/);
    expect(() => minimatch()).toThrow(/globMatch is not available/);
  });
});
