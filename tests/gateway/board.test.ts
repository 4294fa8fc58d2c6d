import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../contract/auth';
import { boardPath, BOARD_STATUSES, type BoardAnswer } from '../../contract/board';
import type { Clock } from '../../gateway/platform/clock';
import { call, login, startGateway, type Gateway } from './helpers';

let gw: Gateway;
let session: LoginResult;
// noon in Vietnam: both sides of SGN's board are full
let now = Date.parse('2026-06-10T05:00:00Z');
const clock: Clock = { now: () => new Date(now) };

beforeAll(async () => {
  gw = await startGateway({ clock });
  session = await login(gw, 'f2agent');
});
afterAll(async () => gw?.close());

async function board(place: string, headers: Record<string, string> = {}) {
  return call(gw, 'GET', boardPath(place), { token: session.accessToken, headers });
}

describe('GET /api/board/:place', () => {
  it('answers departures and arrivals of the airport around the gateway clock', async () => {
    const res = await board('sgn');
    expect(res.statusCode).toBe(200);
    const b = res.json<BoardAnswer>();
    expect(b.code).toBe('SGN');
    expect(b.now).toBe(new Date(now).toISOString());
    expect(b.nowLocal).toBe('2026-06-10T12:00');
    expect(b.departures.length).toBeGreaterThan(5);
    expect(b.arrivals.length).toBeGreaterThan(5);
    for (const r of b.departures) expect(BOARD_STATUSES).toContain(r.status);
    // departures sorted by scheduled time, within the window
    const times = b.departures.map((r) => Date.parse(r.scheduled));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times.every((t) => t < now + 6 * 3_600_000)).toBe(true);
    expect(new Set(b.departures.map((r) => r.key)).size).toBe(b.departures.length);
    // every flight of the board is a flight of the schedule searches sell: SGN on one end
    expect(b.departures.every((r) => r.place !== 'SGN')).toBe(true);
  });

  it('is deterministic for the same instant', async () => {
    const a = (await board('SGN')).json<BoardAnswer>();
    const b = (await board('SGN')).json<BoardAnswer>();
    expect(b).toEqual(a);
  });

  it('changes statuses as the clock moves, at the announced instant', async () => {
    const before = (await board('SGN')).json<BoardAnswer>();
    expect(before.nextChangeAt).not.toBeNull();
    const row = [...before.departures, ...before.arrivals].find((r) => r.changesAt === before.nextChangeAt)!;
    const saved = now;
    now = Date.parse(before.nextChangeAt!);
    try {
      const after = (await board('SGN')).json<BoardAnswer>();
      const same = [...after.departures, ...after.arrivals].find((r) => r.key === row.key);
      expect(same).toBeDefined();
      expect(same!.status).not.toBe(row.status);
    } finally {
      now = saved;
    }
  });

  it('puts departed flights and bags-delivered arrivals on the board as time passes', async () => {
    const b = (await board('HAN')).json<BoardAnswer>();
    const statuses = new Set([...b.departures, ...b.arrivals].map((r) => r.status));
    expect(statuses.has('DEPARTED') || statuses.has('ON_TIME')).toBe(true);
  });

  it('answers 404 with reason place for an unknown airport, in the caller language', async () => {
    const vi = await board('XYZ');
    expect(vi.statusCode).toBe(404);
    expect(vi.json()).toMatchObject({ code: 44, data: { reason: 'place', place: 'XYZ' } });
    const en = await board('XYZ', { 'x-language': 'en' });
    expect(en.statusCode).toBe(404);
    expect(en.json().message).not.toBe(vi.json().message);
  });

  it('refuses a place that is not a code', async () => {
    const res = await board('S');
    expect(res.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await call(gw, 'GET', boardPath('SGN'));
    expect(res.statusCode).toBe(401);
  });
});
