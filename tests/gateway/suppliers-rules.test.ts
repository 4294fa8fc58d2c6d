/**
 * Simulated flight supply: hold time limits, issue fees, fare rules, and the latency / failure settings.
 */
import { describe, expect, it } from 'vitest';
import { fareRule } from '../../contract/flights';
import {
  bookingFees,
  createSupplierRegistry,
  DEFAULT_SUPPLIER_SETTINGS,
  resolveSupplierSettings,
  SupplierError,
} from '../../gateway/suppliers';

const HOUR = 3_600_000;
const PAX = { adt: 1, chd: 0, inf: 0 };
const REQUEST = { from: 'HAN', to: 'SGN', departDate: '2025-07-04', pax: PAX };
const fast = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 } });
/** The hold time limit of the simulated sources: the same rule for every one of them. */
function holdTimeLimit(bookedAt: Date, departure: Date): Date | null {
  const [first, ...others] = fast.flightSources.map((source) => fast.flight(source).holdTimeLimit(bookedAt, departure));
  for (const other of others) expect(other).toEqual(first);
  return first;
}

describe('holdTimeLimit', () => {
  const bookedAt = new Date('2025-07-01T03:00:00Z');
  const at = (hoursAhead: number) => new Date(bookedAt.getTime() + hoursAhead * HOUR);
  it.each([
    // hours to departure, expected hold hours (null: cannot hold)
    [24 * 30, 24],
    [73, 24],
    [72, 6],
    [60, 6],
    [48, 4],
    [30, 4],
    [24, 2],
    [13, 2],
    [12, 1],
    [5, 1],
    [4.5, 1],
    [4, null],
    [2, null],
    [0, null],
    [-3, null],
  ])('departure in %s h → hold %s h', (ahead, expected) => {
    const limit = holdTimeLimit(bookedAt, at(ahead));
    if (expected === null) expect(limit).toBeNull();
    else expect(limit?.getTime()).toBe(bookedAt.getTime() + expected * HOUR);
  });

  it('never ends later than 3 h before departure and never before the booking', () => {
    for (let minutes = 0; minutes < 24 * 60 * 5; minutes += 7) {
      const departure = new Date(bookedAt.getTime() + minutes * 60_000);
      const limit = holdTimeLimit(bookedAt, departure);
      if (!limit) continue;
      expect(limit.getTime()).toBeGreaterThan(bookedAt.getTime());
      expect(limit.getTime()).toBeLessThanOrEqual(departure.getTime() - 3 * HOUR);
    }
  });
});

describe('bookingFees', () => {
  it('gives the default issue fee per airline, scope and passenger type', () => {
    const domestic = bookingFees(['VN', 'QH', 'VN'], true);
    expect(domestic).toHaveLength(6);
    expect(domestic.find((f) => f.airline === 'VN' && f.paxType === 'ADT')?.issueFee).toBe(50_000);
    expect(domestic.find((f) => f.airline === 'QH' && f.paxType === 'CHD')?.issueFee).toBe(50_000);
    expect(domestic.find((f) => f.airline === 'VN' && f.paxType === 'INF')?.issueFee).toBe(0);
    const international = bookingFees(['SQ'], false);
    expect(international.map((f) => [f.paxType, f.issueFee, f.domestic])).toEqual([
      ['ADT', 200_000, false],
      ['CHD', 200_000, false],
      ['INF', 0, false],
    ]);
    expect(bookingFees(['VJ'], true).find((f) => f.paxType === 'ADT')?.issueFee).toBe(40_000);
  });
});

describe('fareRules', () => {
  it('describes each class in Vietnamese and English, consistent with the offer', async () => {
    const [offer] = await fast.flight('VN').search(REQUEST);
    for (const p of offer.priceInfo) {
      for (const lang of ['vi', 'en'] as const) {
        const rule = fast.flight('VN').fareRules(offer, { class: p.class, lang });
        expect(fareRule.parse(rule)).toEqual(rule);
        expect(rule.isInternational).toBe(false);
        expect(rule.list.map((l) => l.type)).toEqual(['FARE', 'BAGGAGE', 'CHANGE', 'REFUND', 'NO_SHOW']);
        const text = rule.list.map((l) => l.fareRule).join(' ');
        expect(text).toContain(p.fareInfo.fareBasis);
        expect(text).toContain(`${p.handBaggage.weightKg} kg`);
        const change = rule.list.find((l) => l.type === 'CHANGE')!.fareRule;
        if (!p.fareInfo.changeable) expect(change).toMatch(lang === 'vi' ? /Không được phép đổi/ : /not allowed/);
        const refund = rule.list.find((l) => l.type === 'REFUND')!.fareRule;
        if (!p.fareInfo.refundable) expect(refund).toMatch(lang === 'vi' ? /Không/ : /(Not refundable|No cash refund)/);
      }
    }
  });

  it('states the amounts of the domain facts', () => {
    const text = (airline: string, cls: string, fareBasis: string, lang: 'vi' | 'en' = 'en') =>
      fast.flight('VN').fareRules({ airline, class: cls, fareBasis }, { lang }).list.map((l) => `${l.type}: ${l.fareRule}`).join('\n');
    // VJ Eco: change about 350K domestic, 800K international; refunds only as credit.
    expect(text('VJ', 'E', 'EEODOW')).toContain('Change fee 350,000 VND');
    expect(text('VJ', 'E', 'EEOIOW')).toContain('Change fee 800,000 VND');
    expect(text('VJ', 'E', 'EEODOW')).toContain('reservation credit');
    expect(text('VJ', 'E', 'EEODOW')).toContain('At least 3 hours before departure');
    // QH: Saver Max no change; Smart 300K change and 450K refund; Flex free change.
    expect(text('QH', 'P', 'PSXDOW')).toMatch(/CHANGE: Changes .* not allowed/);
    expect(text('QH', 'M', 'MSMDOW')).toContain('Change fee 300,000 VND');
    expect(text('QH', 'M', 'MSMDOW')).toContain('penalty 450,000 VND');
    expect(text('QH', 'Y', 'YFXDOW')).toContain('Changes free of charge');
    // VN Super Lite: no change, no refund; Vietnamese amounts with dots.
    expect(text('VN', 'P', 'PSLDOW', 'vi')).toContain('Không được phép đổi');
    expect(text('VN', 'K', 'KECDOW', 'vi')).toContain('300.000 VND');
    // International flag from the fare basis.
    expect(fast.flight('1A').fareRules({ airline: 'SQ', class: 'Y', fareBasis: 'YFLIOWA' }).isInternational).toBe(true);
  });

  it('rejects an unknown class', () => {
    expect(() => fast.flight('VN').fareRules({ airline: 'VN', class: 'X', fareBasis: 'XXXDOW' })).toThrow(SupplierError);
  });

  it('marks international offers', async () => {
    const [offer] = await fast.flight('1B').search({ ...REQUEST, to: 'SIN', from: 'SGN' });
    const rule = fast.flight('1B').fareRules(offer);
    expect(rule.isInternational).toBe(true);
  });
});

describe('latency and failures', () => {
  it('defaults to 150–1500 ms and no failures, with per-source overrides', () => {
    expect(DEFAULT_SUPPLIER_SETTINGS).toEqual({ latencyMinMs: 150, latencyMaxMs: 1500, failureRate: 0 });
    expect(resolveSupplierSettings({}, 'VN')).toEqual(DEFAULT_SUPPLIER_SETTINGS);
    expect(resolveSupplierSettings({ defaults: { failureRate: 0.2 }, sources: { '1A': { latencyMaxMs: 50, latencyMinMs: 10 } } }, '1A')).toEqual({
      latencyMinMs: 10,
      latencyMaxMs: 50,
      failureRate: 0.2,
    });
    expect(resolveSupplierSettings({ defaults: { failureRate: 3, latencyMinMs: 100, latencyMaxMs: 10 } }, 'VJ')).toEqual({
      latencyMinMs: 100,
      latencyMaxMs: 100,
      failureRate: 1,
    });
  });

  it('failure rate 1 always fails with UNAVAILABLE, in both languages', async () => {
    const failing = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 1 } });
    for (const supplier of failing.flightSources.map((source) => failing.flight(source))) {
      const error = await supplier.search(REQUEST).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).code).toBe('UNAVAILABLE');
      expect((error as SupplierError).source).toBe(supplier.source);
      expect((error as SupplierError).localized('vi')).toMatch(/không khả dụng/);
      expect((error as SupplierError).localized('en')).toMatch(/unavailable/);
    }
  });

  it('failure rate 0 never fails; a partial rate fails about that share', async () => {
    // Each call draws the latency, then the failure: failure draws 0, 0.1, … 0.9.
    const draws = Array.from({ length: 10 }, (_, i) => [0.5, i / 10]).flat();
    const some = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0.3 }, random: () => draws.shift() ?? 0 });
    let failures = 0;
    for (let i = 0; i < 10; i++) await some.flight('QH').search(REQUEST).catch(() => failures++);
    expect(failures).toBe(3);
    const never = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
    for (let i = 0; i < 5; i++) await expect(never.flight('QH').search(REQUEST)).resolves.toBeInstanceOf(Array);
  });

  it('waits a latency within the configured range', async () => {
    const waits: number[] = [];
    for (const r of [0, 0.25, 0.999]) {
      const s = createSupplierRegistry({
        defaults: { latencyMinMs: 200, latencyMaxMs: 400 },
        random: () => r,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      await s.flight('VU').search(REQUEST);
    }
    expect(waits).toEqual([200, 250, 400]);
    // Real timers: bounded below and above.
    const real = createSupplierRegistry({ defaults: { latencyMinMs: 30, latencyMaxMs: 60 } });
    const started = Date.now();
    await real.flight('VN').search(REQUEST);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(29);
    // loose above: a loaded machine's timers fire late (the exact waits are checked with the fake sleep above)
    expect(elapsed).toBeLessThan(4_000);
  });

  it('times out with TIMEOUT when the latency passes the caller timeout', async () => {
    const slow = createSupplierRegistry({ defaults: { latencyMinMs: 5_000, latencyMaxMs: 5_000 } });
    const started = Date.now();
    const error = await slow.flight('1G').search(REQUEST, { timeoutMs: 20 }).catch((e: unknown) => e);
    // well under the 5 s latency, even with a loaded machine's late timers
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((error as SupplierError).code).toBe('TIMEOUT');
    const controller = new AbortController();
    const pending = slow.flight('VJ').search(REQUEST, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as SupplierError).code).toBe('TIMEOUT');
  });

  it('latency and failures do not change the results', async () => {
    let i = 0;
    const jittery = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 5 }, random: () => (i++ * 0.37) % 1 });
    expect(await jittery.flight('1A').search(REQUEST)).toEqual(await fast.flight('1A').search(REQUEST));
  });
});
