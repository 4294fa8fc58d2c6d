/** The build's marking of the contract's top-level values as pure (scripts/pure-schemas.ts). */
import { describe, expect, it } from 'vitest';
import { markPureInitializers } from '../../scripts/pure-schemas';

const wrapped = (init: string) => `/* @__PURE__ */ (() => (${init}))()`;

describe('markPureInitializers', () => {
  it.each([
    ['a schema', "export const a = z.string().regex(/^x$/);", `export const a = ${wrapped('z.string().regex(/^x$/)')};`],
    ['a schema made from others, with a spread and a method of another', 'const b = z.object({ ...ids, d: isoDate.optional() });',
      `const b = ${wrapped('z.object({ ...ids, d: isoDate.optional() })')};`],
    ['a property read', 'export const id = order.shape.id;', `export const id = ${wrapped('order.shape.id')};`],
    ['a typed const', 'export const c: Schema = make(1);', `export const c: Schema = ${wrapped('make(1)')};`],
    ['non-ASCII text before it (offsets in UTF-16)', "const v = 'Việt'; const e = f('đ');", `const v = 'Việt'; const e = ${wrapped("f('đ')")};`],
  ])('wraps %s', (_name, code, out) => {
    expect(markPureInitializers(code)).toBe(out);
  });

  it.each([
    ['a list of literals', "export const L = ['A', 'B'] as const;"],
    ['a function (its body runs when called)', "export const f = (e: string[]) => { e.push('x'); };"],
    ['a function expression', 'export const g = function () { return run(); };'],
    ['a top-level statement (a real effect)', 'z.config({});'],
    ['a let (may be changed later)', 'export let n = count();'],
    ['a plain identifier', 'export const same = other;'],
    ['a value awaited at the top level', 'export const loaded = await load();'],
  ])('leaves %s alone', (_name, code) => {
    expect(markPureInitializers(code)).toBe(code);
  });
});
