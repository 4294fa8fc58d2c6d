// SignedInCache (gateway/platform/access/signed-in-cache.ts): a check is kept only when no change of its tables
// happened since its read began, every change empties it, and it keeps at most its bound (the oldest goes).
import { describe, expect, it } from 'vitest';
import { SignedInCache, TspClaims } from '../../gateway/platform/access/signed-in-cache';
import { TSP_MAX_SKEW_MS } from '../../contract/constants';
import type { UserContext } from '../../gateway/platform/tenancy/users';

const ctxOf = (id: number) => ({ user: { id }, agency: { id: 1 }, group: null, permissions: ['AGENT_F1'] }) as unknown as UserContext;

type Step = ['change'] | ['set', number, string, 'now' | 'before'];

describe('SignedInCache', () => {
  const cases: { name: string; steps: Step[]; kept: [number, string][]; gone: [number, string][] }[] = [
    { name: 'a check read with no change since is kept', steps: [['set', 1, 'f', 'now']], kept: [[1, 'f']], gone: [[1, 'g'], [2, 'f']] },
    { name: 'a check read before a change is not kept', steps: [['change'], ['set', 1, 'f', 'before']], kept: [], gone: [[1, 'f']] },
    { name: 'a change empties the cache', steps: [['set', 1, 'f', 'now'], ['set', 2, 'f', 'now'], ['change']], kept: [], gone: [[1, 'f'], [2, 'f']] },
    { name: 'after a change, new reads are kept again', steps: [['set', 1, 'f', 'now'], ['change'], ['set', 2, 'f', 'now']], kept: [[2, 'f']], gone: [[1, 'f']] },
    { name: 'the oldest goes past the bound', steps: [['set', 1, 'f', 'now'], ['set', 2, 'f', 'now'], ['set', 3, 'f', 'now']], kept: [[2, 'f'], [3, 'f']], gone: [[1, 'f']] },
    { name: 'a check set again is the newest', steps: [['set', 1, 'f', 'now'], ['set', 2, 'f', 'now'], ['set', 1, 'f', 'now'], ['set', 3, 'f', 'now']], kept: [[1, 'f'], [3, 'f']], gone: [[2, 'f']] },
  ];
  it.each(cases)('$name', ({ steps, kept, gone }) => {
    const cache = new SignedInCache(2);
    let before = cache.generation;
    for (const step of steps) {
      if (step[0] === 'change') {
        before = cache.generation;
        cache.invalidate();
      } else if (step[0] === 'set') {
        cache.set(step[1], step[2], step[3] === 'now' ? cache.generation : before, ctxOf(step[1]));
      }
    }
    for (const [u, f] of kept) expect(cache.get(u, f)?.user.id).toBe(u);
    for (const [u, f] of gone) expect(cache.get(u, f)).toBeUndefined();
  });

  it('hands out frozen contexts, so no request can change what the next one gets', () => {
    const cache = new SignedInCache();
    cache.set(1, 'f', cache.generation, ctxOf(1));
    const ctx = cache.get(1, 'f')!;
    expect(() => {
      (ctx.permissions as string[]).push('ADMIN_F1');
    }).toThrow(TypeError);
    expect(() => {
      (ctx.user as { id: number }).id = 2;
    }).toThrow(TypeError);
  });
});

// TspClaims (PGlite): the (user, tsp) claims in memory; a pair passes once, a tsp older than the memory never.
describe('TspClaims', () => {
  const START = Date.parse('2026-12-01T08:00:00.000Z');
  type Claim = [user: number, tsp: number, fresh: boolean, now?: number];
  it.each<{ name: string; claims: Claim[] }>([
    { name: 'a pair passes once', claims: [[1, START + 5, true], [1, START + 5, false], [1, START + 6, true]] },
    { name: 'the same tsp for another user passes', claims: [[1, START + 5, true], [2, START + 5, true], [2, START + 5, false]] },
    { name: 'a tsp older than the memory is refused (an earlier run may have seen it)', claims: [[1, START - 1, false], [1, START, true]] },
    { name: 'pairs in other minutes are apart; the same millisecond of another minute passes', claims: [[3, START + 60_000 + 7, true], [3, START + 7, true], [3, START + 60_000 + 7, false]] },
    {
      name: 'a minute wholly past the window is forgotten, its tsps refused before the claim anyway',
      claims: [[1, START + 10, true, START + 20], [1, START + 10, false, START + TSP_MAX_SKEW_MS + 3 * 60_000], [1, START + TSP_MAX_SKEW_MS + 3 * 60_000, true, START + TSP_MAX_SKEW_MS + 3 * 60_000]],
    },
    { name: 'users and tsps that are not safe integers are refused', claims: [[1.5, START + 1, false], [1, START + 1.5, false], [Number.MAX_SAFE_INTEGER + 2, START + 1, false]] },
    { name: 'large user ids keep their pairs apart', claims: [[2_000_000, START + 1, true], [2_000_001, START + 1, true], [2_000_000, START + 1, false]] },
  ])('$name', ({ claims }) => {
    let now = START;
    const memory = new TspClaims(START, () => now);
    for (const [user, tsp, fresh, at] of claims) {
      if (at !== undefined) now = at;
      expect(memory.claim(user, tsp), `${user}/${tsp}`).toBe(fresh);
    }
  });

  it('keeps only the minutes still in the window', () => {
    let now = START;
    const memory = new TspClaims(START, () => now);
    for (let i = 0; i < 30; i++) {
      now = START + i * 60_000;
      memory.claim(1, now);
      memory.claim(2, now);
    }
    // the window (±5 minutes) and the minute before it: at most 7 minutes of past claims
    expect(memory.size).toBeLessThanOrEqual(2 * 7);
    expect(memory.size).toBeGreaterThanOrEqual(2 * 5);
  });
});

