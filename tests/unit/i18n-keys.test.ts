/**
 * Every translation key the code names exists in the Vietnamese dictionary. A key that does not shows an empty
 * string (src/i18n: no fallback to the key), so a typo in `t('…')` would leave a blank label on screen and no
 * test would notice. The keys are read from the source: `t('a.b')` literally, and `t(`a.b.${x}`)` by its fixed
 * start (some key must begin with it). The storefront's own `t` reads the `b2cStore` part of the dictionary. That
 * English has the same keys is checked in i18n-format.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import vi from '../../locales/vi/translation.json';

const ROOT = resolve(import.meta.dirname, '../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The dictionary's keys as dotted paths, plural suffixes removed. */
function keysOf(dictionary: unknown, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(dictionary as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object') keysOf(v, key, out);
    else out.add(key.replace(PLURAL, ''));
  }
  return out;
}

/** The keys a source text names: literal ones, and the fixed start of template ones. */
function keysNamed(source: string): { literal: string[]; prefixes: string[] } {
  const literal = [...source.matchAll(/\bt\(\s*(['"])([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)\1/g)].map((m) => m[2]);
  const prefixes = [...source.matchAll(/\bt\(\s*`([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.)\$\{/g)].map((m) => m[1]);
  return { literal, prefixes };
}

function sources(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

describe('keysNamed', () => {
  it.each([
    ["t('a.b')", ['a.b'], []],
    ['t("a.b_c.d")', ['a.b_c.d'], []],
    ["i18n.t('menu.home', { x: 1 })", ['menu.home'], []],
    ["t('single')", [], []],
    ['t(`trains.steps.${s}`)', [], ['trains.steps.']],
    ['format(`x.${y}`)', [], []],
    ["const at = 'a.b'", [], []],
  ] as const)('%s', (source, literal, prefixes) => {
    expect(keysNamed(source)).toEqual({ literal: [...literal], prefixes: [...prefixes] });
  });
});

describe('translation keys', () => {
  const known = keysOf(vi);
  const files = [...sources('src'), ...sources('plugins')];

  it('finds the code that names keys', () => {
    const named = files.reduce((n, f) => n + keysNamed(readFileSync(join(ROOT, f), 'utf8')).literal.length, 0);
    expect(named).toBeGreaterThan(1000);
  });

  it('every key the code names is in locales/vi', () => {
    const missing: string[] = [];
    for (const file of files) {
      const scope = file.startsWith(join('plugins', 'b2c', 'storefront')) ? 'b2cStore.' : '';
      const { literal, prefixes } = keysNamed(readFileSync(join(ROOT, file), 'utf8'));
      for (const key of literal) if (!known.has(scope + key) && ![...known].some((k) => k.startsWith(`${scope}${key}.`))) missing.push(`${relative(ROOT, join(ROOT, file))}: ${key}`);
      for (const start of prefixes) if (![...known].some((k) => k.startsWith(scope + start))) missing.push(`${file}: ${start}…`);
    }
    expect(missing).toEqual([]);
  });

  it('keysOf reads nested keys and drops plural suffixes', () => {
    expect([...keysOf({ a: { b: 'x', n_one: '1', n_other: 'n' }, c: 'y' })]).toEqual(['a.b', 'a.n', 'c']);
  });
});
