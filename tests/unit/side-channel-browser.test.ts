/**
 * The browser build's side-channel (scripts/browser/side-channel.cjs, put in place for qs by scripts/qs-browser.ts)
 * against the package itself: the same answers for every operation, and qs run on it parses and writes the same
 * query strings, cycles refused as before.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Channel = { assert: (k: unknown) => void; delete: (k: unknown) => boolean; get: (k: unknown) => unknown; has: (k: unknown) => boolean; set: (k: unknown, v: unknown) => void };
const real = require('side-channel') as () => Channel;
const shim = require('../../scripts/browser/side-channel.cjs') as () => Channel;

type Qs = { stringify: (o: unknown, opts?: object) => string; parse: (s: string, opts?: object) => unknown };

/**
 * qs loaded afresh, with `side-channel` resolved to the shim (as the build does) or to the package. Node caches a
 * resolution per requiring folder while the module it found is loaded, so qs, the package and the shim are all
 * dropped from the cache before and after. Returns qs and how many times its `side-channel` went to the shim.
 */
function freshQs(useShim: boolean): { qs: Qs; shimmed: number } {
  const Module = require('node:module') as { _resolveFilename: (request: string, parent: unknown, ...rest: unknown[]) => string };
  const original = Module._resolveFilename;
  const qsDir = require.resolve('qs').replace(/lib[\\/]index\.js$/, '');
  const dropped = [qsDir, require.resolve('side-channel'), require.resolve('../../scripts/browser/side-channel.cjs')];
  const drop = () => {
    for (const key of Object.keys(require.cache)) if (dropped.some((d) => key.startsWith(d))) delete require.cache[key];
  };
  let shimmed = 0;
  drop();
  if (useShim) {
    Module._resolveFilename = function (request, parent, ...rest) {
      if (request !== 'side-channel') return original.call(this, request, parent, ...rest);
      shimmed += 1;
      return require.resolve('../../scripts/browser/side-channel.cjs');
    };
  }
  try {
    return { qs: require('qs') as Qs, shimmed };
  } finally {
    Module._resolveFilename = original;
    drop();
  }
}

describe('side-channel for the browser', () => {
  const obj = {};
  const fn = () => 1;
  const keys: [string, unknown][] = [['an object', obj], ['a function', fn], ['a string', 'k'], ['a number', 1], ['null', null], ['undefined', undefined], ['a symbol', Symbol.for('s')]];

  it.each(keys)('answers like the package for %s', (_name, key) => {
    for (const make of [real, shim]) {
      const c = make();
      expect(c.has(key)).toBe(false);
      expect(c.get(key)).toBeUndefined();
      expect(c.delete(key)).toBe(false);
      expect(() => c.assert(key)).toThrow(TypeError);
      c.set(key, 'v');
      expect(c.has(key)).toBe(true);
      expect(c.get(key)).toBe('v');
      expect(() => c.assert(key)).not.toThrow();
      c.set(key, 'w');
      expect(c.get(key)).toBe('w');
      expect(c.delete(key)).toBe(true);
      expect(c.has(key)).toBe(false);
    }
  });

  it('keeps an object key apart from its string form, and channels apart from each other', () => {
    const a = shim();
    const b = shim();
    a.set(obj, 1);
    a.set('[object Object]', 2);
    expect(a.get(obj)).toBe(1);
    expect(a.get('[object Object]')).toBe(2);
    expect(b.has(obj)).toBe(false);
  });

  it('qs on it writes and reads query strings as on the package, and still refuses a cycle', () => {
    const realQs = freshQs(false).qs;
    const { qs, shimmed } = freshQs(true);
    expect(shimmed).toBeGreaterThan(0);
    expect(freshQs(false).shimmed).toBe(0);
    const values = [
      { filters: [{ field: 'status', operator: 'eq', value: 'HOLD' }], sorters: [{ field: 'createdAt', order: 'desc' }], current: 2, pageSize: 20 },
      { a: { b: { c: [1, 2, { d: 'x y' }] } }, e: null, f: '', g: ['đ', 'Ư'] },
      { same: [obj, obj] },
    ];
    for (const v of values) {
      for (const opts of [{}, { encode: false }, { arrayFormat: 'brackets' }, { skipNulls: true }]) {
        expect(qs.stringify(v, opts)).toBe(realQs.stringify(v, opts));
      }
      const text = realQs.stringify(v);
      expect(qs.parse(text)).toEqual(realQs.parse(text));
    }
    expect(qs.parse('a[]=1&a[]=2&a[5]=3&b[c][d]=e', { arrayLimit: 2 })).toEqual(realQs.parse('a[]=1&a[]=2&a[5]=3&b[c][d]=e', { arrayLimit: 2 }));
    const cyclic: Record<string, unknown> = { x: 1 };
    cyclic.self = cyclic;
    expect(() => qs.stringify(cyclic)).toThrow(RangeError);
  });
});
