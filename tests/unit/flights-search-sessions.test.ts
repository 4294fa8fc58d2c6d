// The search sessions of a process (gateway/flights/search-sessions.ts SearchSessions): a user keeps at most
// `perUser` sessions (a new one drops the least recently used), a session expires `ttlMs` after its last use, and
// starting a search looks only at the user's own sessions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTasks, SearchSession, SearchSessions, type TaskSignIn } from '../../gateway/flights/search-sessions';
import type { FlightOffer } from '../../contract/flights';
import { SupplierError, type FlightSupplier, type SupplierContext, type SupplierSearch } from '../../gateway/suppliers';

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

// runTasks: the session's calls share one deadline (one timer per session, not one per call).
describe('runTasks deadline', () => {
  type Behaviour = 'answers' | 'hangs' | 'late' | 'fails';
  const offer = (id: string) => Object.freeze({ id, combineSegment: '', source: 'VN' }) as unknown as FlightOffer;
  /** A supplier stand-in: answers at once, never (until its signal aborts), after the deadline, or with an error. */
  function supplier(source: TaskSignIn['source'], behaviour: Behaviour, seen: AbortSignal[]): FlightSupplier {
    return {
      source,
      search: (_search: SupplierSearch, ctx?: SupplierContext) => {
        seen.push(ctx!.signal!);
        if (behaviour === 'answers') return Promise.resolve([offer(`${source}-1`)]);
        if (behaviour === 'fails') return Promise.reject(new SupplierError('UNAVAILABLE', { source }));
        if (behaviour === 'late') return new Promise((ok) => setTimeout(() => ok([offer(`${source}-late`)]), 80));
        return new Promise((_, fail) => ctx!.signal!.addEventListener('abort', () => fail(new SupplierError('TIMEOUT', { source, en: 'cancelled' })), { once: true }));
      },
    } as unknown as FlightSupplier;
  }
  const search = { from: 'HAN', to: 'SGN', departDate: '2026-12-10', pax: { adt: 1, chd: 0, inf: 0 } };
  const seatsTaken = () => Object.assign(() => 0, { untaken: () => true });

  it.each<{ name: string; behaviours: Behaviour[]; stopAt?: number; status: string[]; messages: (string | undefined)[]; offers: string[] }>([
    {
      name: 'a source that never answers fails at the deadline with its timeout; the others are done',
      behaviours: ['answers', 'hangs', 'fails'],
      status: ['done', 'failed', 'failed'],
      messages: [undefined, 'The reservation system did not answer in time. Please try again in a few minutes.', 'The reservation system is temporarily unavailable. Please try again later.'],
      offers: ['VN-1'],
    },
    {
      name: 'an answer after the deadline is not published',
      behaviours: ['late', 'answers'],
      status: ['failed', 'done'],
      messages: ['The reservation system did not answer in time. Please try again in a few minutes.', undefined],
      offers: ['VJ-1'],
    },
    {
      name: 'a session stopped before the deadline ends its pending tasks with its own message',
      behaviours: ['hangs', 'answers'],
      stopAt: 10,
      status: ['failed', 'done'],
      messages: ['The search session has ended.', undefined],
      offers: ['VJ-1'],
    },
  ])('$name', async ({ behaviours, stopAt, status, messages, offers }) => {
    vi.useRealTimers();
    const sources = (['VN', 'VJ', 'QH'] as const).slice(0, behaviours.length);
    const seen: AbortSignal[] = [];
    const session = new SearchSession({ userId: 1, agencyId: 1 }, sources.map((source, i) => ({ id: i + 1, source, officeCode: `O${i}` })));
    const suppliers = new Map<TaskSignIn['source'], FlightSupplier>(sources.map((source, i) => [source, supplier(source, behaviours[i], seen)]));
    const began = Date.now();
    runTasks(session, (s) => suppliers.get(s)!, [{ search }], { timeoutMs: 40, seatsTaken });
    if (stopAt !== undefined) setTimeout(() => session.stop(), stopAt);
    await session.whenFinished();
    expect(session.tasks.map((t) => t.status)).toEqual(status);
    expect(session.taskViews('en').map((t) => t.message)).toEqual(messages);
    // every call got one signal, aborted by the deadline or the stop
    expect(new Set(seen).size).toBe(1);
    expect(seen[0].aborted).toBe(behaviours.some((b) => b === 'hangs' || b === 'late'));
    if (stopAt === undefined && behaviours.includes('hangs')) expect(Date.now() - began).toBeGreaterThanOrEqual(39);
    // wait past the late answer: nothing more is published
    await new Promise((r) => setTimeout(r, 100));
    expect(session.offers.map((o) => o.id)).toEqual(offers);
  });
});
