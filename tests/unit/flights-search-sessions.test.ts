// The search sessions of a process (gateway/flights/search-sessions.ts SearchSessions): a user keeps at most
// `perUser` sessions (a new one drops the least recently used), a session expires `ttlMs` after its last use, and
// starting a search looks only at the user's own sessions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchSessions, type SearchSession } from '../../gateway/flights/search-sessions';

const TTL = 1000;
let store: SearchSessions;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-25T00:00:00Z'));
});
afterEach(() => {
  store?.close();
  vi.useRealTimers();
});

type Step = { user: number; at?: number; use?: number };

/** Runs the steps (a new session of `user` at `at` ms; `use`: the index of an earlier session used at that time). */
function run(perUser: number, steps: Step[]): SearchSession[] {
  store = new SearchSessions({ ttlMs: TTL, perUser });
  const made: SearchSession[] = [];
  const start = Date.now();
  for (const step of steps) {
    vi.setSystemTime(start + (step.at ?? 0));
    if (step.use !== undefined) made[step.use].lastUsedAt = Date.now();
    made.push(store.create({ userId: step.user, agencyId: 1 }, []));
  }
  return made;
}

const alive = (made: SearchSession[]) => made.map((s) => store.get(s.id, s.owner.userId) !== undefined);

describe('SearchSessions', () => {
  it.each<{ name: string; perUser: number; steps: Step[]; alive: boolean[]; size: number }>([
    { name: 'under the cap: all kept', perUser: 3, steps: [{ user: 1 }, { user: 1 }, { user: 1 }], alive: [true, true, true], size: 3 },
    { name: 'over the cap: the first one dropped', perUser: 2, steps: [{ user: 1 }, { user: 1, at: 1 }, { user: 1, at: 2 }], alive: [false, true, true], size: 2 },
    {
      name: 'the least recently used goes, not the first made',
      perUser: 2,
      steps: [{ user: 1 }, { user: 1, at: 1 }, { user: 1, at: 2, use: 0 }],
      alive: [true, false, true],
      size: 2,
    },
    {
      name: 'another user’s sessions do not count',
      perUser: 2,
      steps: [{ user: 1 }, { user: 2, at: 1 }, { user: 2, at: 2 }, { user: 1, at: 3 }],
      alive: [true, true, true, true],
      size: 4,
    },
    {
      name: 'the user’s expired sessions go first, below the cap too',
      perUser: 5,
      steps: [{ user: 1 }, { user: 1, at: 500 }, { user: 1, at: TTL + 1 }],
      alive: [false, true, true],
      size: 2,
    },
    {
      name: 'another user’s expired session is left to get and the sweep',
      perUser: 5,
      steps: [{ user: 2 }, { user: 1, at: TTL + 1 }],
      alive: [false, true],
      size: 1,
    },
  ])('$name', ({ perUser, steps, alive: expected, size }) => {
    const made = run(perUser, steps);
    expect(alive(made)).toEqual(expected);
    expect(store.size).toBe(size);
  });

  it('keeps another user’s expired session until get or the sweep drops it', () => {
    const made = run(5, [{ user: 2 }, { user: 1, at: TTL + 1 }]);
    expect(store.size).toBe(2);
    store.sweep();
    expect(store.size).toBe(1);
    expect(store.get(made[1].id, 1)).toBe(made[1]);
  });

  it('stops a dropped session and does not give it to another user', () => {
    const made = run(1, [{ user: 1 }, { user: 1, at: 1 }]);
    expect(made[0].controller.signal.aborted).toBe(true);
    expect(made[1].controller.signal.aborted).toBe(false);
    expect(store.get(made[1].id, 2)).toBeUndefined();
  });
});
