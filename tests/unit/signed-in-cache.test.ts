// SignedInCache (gateway/platform/access/signed-in-cache.ts): a check is kept only when no change of its tables
// happened since its read began, every change empties it, and it keeps at most its bound (the oldest goes).
import { describe, expect, it } from 'vitest';
import { SignedInCache } from '../../gateway/platform/access/signed-in-cache';
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
