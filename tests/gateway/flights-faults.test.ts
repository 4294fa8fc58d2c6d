import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, searchToEnd, startSearch } from './flights-helpers';
import { call, login, startGateway, type Gateway } from './helpers';

// 1G always fails, VJ never answers in time (10 minutes) while the search gives up on a source after 4 s, the rest
// answer at once. The give-up time leaves a loaded machine (CI runs suites side by side) room to generate the
// fast sources' offers well before it; the slow source's timer may fire late there, so its bound is loose.
let gw: Gateway;
let token: string;
const TIMEOUT = 4_000;
const LATE = 4_000;

beforeAll(async () => {
  gw = await startGateway({
    env: {
      SUPPLIER_LATENCY_MS: '0',
      SUPPLIER_1G_FAILURE_RATE: '1',
      SUPPLIER_VJ_LATENCY_MS: '600000',
      SUPPLIER_TIMEOUT_MS: String(TIMEOUT),
      SEARCH_SESSIONS_PER_USER: '2',
    },
  });
  token = (await login(gw, 'f1agent')).accessToken;
});
afterAll(async () => {
  await gw?.close();
});

describe('failing and slow sources', () => {
  it('marks a failing source failed with its message; the others still deliver', async () => {
    const run = await searchToEnd(gw, token, { legs: [{ from: 'HAN', to: 'SGN', departDate: inDays(10) }] }, 'en');
    const g = run.last.tasks.find((t) => t.source === '1G')!;
    expect(g).toMatchObject({ status: 'failed', offerCount: 0, message: 'The reservation system is temporarily unavailable. Please try again later.' });
    for (const t of run.last.tasks.filter((x) => x.source !== '1G' && x.source !== 'VJ')) {
      expect(t.status, t.source).toBe('done');
      expect(t.offerCount, t.source).toBeGreaterThan(0);
    }
    expect(run.offers.some((o) => o.source === '1G' || o.source === 'VJ')).toBe(false);
    expect(run.last).toMatchObject({ done: true, completed: 7, total: 7 });
    // the message follows the language of whoever polls
    const vi = await call(gw, 'GET', `/api/flights/search/${run.started.sessionId}`, { token, headers: { 'x-language': 'vi' } });
    expect(vi.json().tasks.find((t: { source: string }) => t.source === '1G').message).toBe('Hệ thống đặt chỗ tạm thời không khả dụng. Vui lòng thử lại sau.');
  });

  it('fails a slow source by timeout without holding the others back', async () => {
    const run = await searchToEnd(gw, token, { legs: [{ from: 'SGN', to: 'DAD', departDate: inDays(8) }] }, 'en');
    const vj = run.last.tasks.find((t) => t.source === 'VJ')!;
    expect(vj.status).toBe('failed');
    expect(vj.message).toBe('The reservation system did not answer in time. Please try again in a few minutes.');
    expect(vj.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT - 5);
    expect(vj.elapsedMs).toBeLessThan(TIMEOUT + LATE);
    // the fast sources were complete, offers delivered, before the slow one gave up
    const fast = run.last.tasks.filter((t) => t.status === 'done');
    expect(fast.length).toBe(5);
    for (const t of fast) expect(t.elapsedMs!).toBeLessThan(TIMEOUT);
    expect(run.firstOffersMs).not.toBeNull();
    const early = run.polls.find((p) => p.offers.length > 0)!;
    expect(early.done).toBe(false);
    expect(run.doneMs).toBeLessThan(TIMEOUT + LATE);
  });
});

describe('session cap', () => {
  it('keeps at most SEARCH_SESSIONS_PER_USER sessions: a new one drops the oldest', async () => {
    const legs = [{ from: 'HAN', to: 'SGN', departDate: inDays(4) }];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await startSearch(gw, token, { legs })).json().sessionId);
    expect((await call(gw, 'GET', `/api/flights/search/${ids[0]}`, { token })).statusCode).toBe(404);
    expect((await call(gw, 'GET', `/api/flights/search/${ids[1]}`, { token })).statusCode).toBe(200);
    expect((await call(gw, 'GET', `/api/flights/search/${ids[2]}`, { token })).statusCode).toBe(200);
  });
});
