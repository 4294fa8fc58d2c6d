import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { columnAt, expandSearchPoll, wireSegmentOf, fareCount, fareTextRefs, searchPollWire, SOURCES, type FlightOffer, type SearchPoll, type SearchPollWire } from '../../contract/flights';
import { runTasks, SearchSession, storedSnapshot, type TaskSignIn } from '../../gateway/flights/search-sessions';
import { createSupplierRegistry, fareTextsJson, jsonBytes, offerJson, offerJsonPieces, type SeatsTaken, type SupplierSearch } from '../../gateway/suppliers';
import { generatedOfferJson } from '../../gateway/suppliers/simulated/generator';

/** What a value is once sent as JSON (undefined fields gone). */
const sent = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A poll answer as sent: exactly `searchPollWire`, well-formed UTF-8 JSON, each fare text once and every one used,
 * and expanded it is the poll.
 */
function expectSentPoll(bytes: Buffer, poll: SearchPoll): SearchPollWire {
  const text = bytes.toString('utf8');
  expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true);
  const wire = JSON.parse(text) as SearchPollWire;
  expect(isDeepStrictEqual(searchPollWire.parse(wire), wire)).toBe(true);
  expect(expandSearchPoll(wire)).toEqual(sent(poll));
  const texts = Object.values(wire.fareTexts).map((t) => JSON.stringify(t));
  expect(new Set(texts).size).toBe(texts.length);
  const used = new Set(wire.offers.flatMap((o) => fareTextRefs(o.fares).map(String)));
  expect(Object.keys(wire.fareTexts).sort()).toEqual([...used].sort());
  return wire;
}

/** The snapshot stored for other instances gives back the session's state. */
function expectStoredSnapshot(session: SearchSession): void {
  expect(storedSnapshot(JSON.parse(session.snapshotBytes().toString('utf8')))).toEqual(sent(session.snapshot()));
}

const instant = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
const day = (n: number) => new Date(Date.now() + (7 * 60 + n * 1440) * 60_000).toISOString().slice(0, 10);
const pax = { adt: 2, chd: 1, inf: 1 };

/** Seats taken on some keys, answered synchronously or as a promise. */
const seats = (sync: boolean): SeatsTaken => (key, cls) => {
  const n = (key.length + cls.charCodeAt(0)) % 4;
  return sync ? n : Promise.resolve(n);
};

/** No seat taken on any flight: the simulator answers with the offers it keeps for untouched flights. */
const noSeatsTaken: SeatsTaken = Object.assign(() => 0, { untaken: () => true });

async function searchAll(signIns: TaskSignIn[], searches: { leg?: number; search: SupplierSearch }[], sync: boolean | 'untouched') {
  const session = new SearchSession({ userId: 1, agencyId: 1 }, signIns);
  runTasks(session, (s) => instant.flight(s), searches, { timeoutMs: 10_000, seatsTaken: () => (sync === 'untouched' ? noSeatsTaken : seats(sync)) });
  await session.whenFinished();
  return session;
}

const signIns = (sources: readonly TaskSignIn['source'][]) => sources.map((source, i) => ({ id: 10 + i, source, officeCode: `OFF${i}` }));

describe('poll answers written from the simulator’s cached JSON', () => {
  it('are the poll in the wire shape: one way, round trip (GDS combined fares), multi-city legs, repeated sources', async () => {
    const cases: [TaskSignIn[], { leg?: number; search: SupplierSearch }[], boolean][] = [
      [signIns(SOURCES), [{ search: { from: 'HAN', to: 'SGN', departDate: day(9), pax } }], true],
      [signIns(SOURCES), [{ search: { from: 'SGN', to: 'BKK', departDate: day(10), returnDate: day(14), pax } }], false],
      [signIns(['VN', '1A', 'VN']), [{ leg: 0, search: { from: 'HAN', to: 'DAD', departDate: day(11), pax } }, { leg: 1, search: { from: 'DAD', to: 'SGN', departDate: day(13), pax } }], true],
    ];
    for (const [tasks, searches, sync] of cases) {
      const session = await searchAll(tasks, searches, sync);
      expect(session.offers.length).toBeGreaterThan(10);
      for (const since of [0, 5, session.offers.length]) {
        const poll = session.view(since, 'vi');
        const wire = expectSentPoll(session.pollBytes(poll), poll);
        expect(session.pollJson(poll)).toBe(JSON.stringify(wire));
        // far smaller than the full poll: its fare texts once
        if (poll.offers.length > 10) expect(session.pollBytes(poll).length).toBeLessThan(JSON.stringify(poll).length / 2);
      }
      // the snapshot shared with other instances
      expectStoredSnapshot(session);
    }
  });

  it('writes the simulator’s offers from their pieces (not by serialising them again)', async () => {
    const offers = await instant.flight('1A').search({ from: 'SGN', to: 'BKK', departDate: day(10), returnDate: day(14), pax }, { seatsTaken: seats(true) });
    expect(offers.length).toBeGreaterThan(3);
    // the cached text is what an offer written field by field gives (an unfrozen copy: no cached bytes)
    for (const o of offers) expect(generatedOfferJson(o)).toBe(offerJson(sent(o)));
    const copy = { ...offers[0], signInId: 3 };
    expect(generatedOfferJson(copy, offers[0], ['signInId'])).toBe(offerJson(sent(copy)));
    expect(offerJson(sent(copy))).toContain(',"signInId":3}');
    expect(generatedOfferJson({ ...offers[0], id: 'other' }, offers[0])).toBeUndefined();
  });

  it('writes the fare texts in ascending key order, whatever order they were met in: parsed and written again, the same text', async () => {
    const offers = await instant.flight('VJ').search({ from: 'HAN', to: 'PQC', departDate: day(15), pax }, { seatsTaken: seats(true) });
    const keys = [...new Set(offers.flatMap((o) => offerJsonPieces(o).keys))];
    expect(keys.length).toBeGreaterThan(2);
    for (const order of [keys, [...keys].reverse(), [...keys.slice(1), keys[0]]]) {
      const text = `{${jsonBytes(fareTextsJson(order)).toString('utf8')}}`;
      const parsed = JSON.parse(text) as { fareTexts: Record<string, unknown> };
      expect(Object.keys(parsed.fareTexts).map(Number)).toEqual([...keys].sort((a, b) => a - b));
      expect(JSON.stringify(parsed)).toBe(text);
    }
  });

  it('writes field by field an offer changed after it was made, or one the simulator did not make', async () => {
    const session = await searchAll(signIns(['VN', 'VJ']), [{ search: { from: 'HAN', to: 'SGN', departDate: day(12), pax } }], true);
    const [first, second, third] = session.offers;
    // the offers are frozen (shared by the searches that get them): changing one in place is refused
    expect(() => ((first.priceInfo[0] as { fareADT: number }).fareADT += 1000)).toThrow(TypeError);
    expect(() => ((second as { lowestFare: number }).lowestFare = 1)).toThrow(TypeError);
    // changed copies in the session: the same fields but another value, or another priceInfo list
    session.offers[0] = { ...first, priceInfo: first.priceInfo.map((p, i) => (i === 0 ? { ...p, fareADT: p.fareADT + 1000 } : p)) };
    session.offers[1] = { ...second, lowestFare: 1 };
    session.offers[2] = { ...third, priceInfo: third.priceInfo.map((p, i) => (i === 1 ? { ...p, seatAvailable: 7 } : p)) };
    const poll = session.view(0, 'en');
    const wire = expectSentPoll(session.pollBytes(poll), poll);
    expect(wire.offers[1].lowestFare).toBe(1);
    expect(columnAt(wire.offers[2].fares[1], 1)).toBe(7);
    const foreign = { ...sent(first), extra: 1 };
    const { priceInfo, ...rest } = foreign;
    expect(JSON.parse(offerJson(foreign))).toEqual({ ...rest, routeInfo: rest.routeInfo.map(wireSegmentOf), fares: expect.any(Array) });
    expect(fareCount(JSON.parse(offerJson(foreign)).fares)).toBe(priceInfo.length);
    // an offer of another supplier with text outside ASCII, and a fare text never seen, among cached ones
    session.offers[3] = {
      ...session.offers[3],
      routeInfo: session.offers[3].routeInfo.map((r) => ({ ...r, carrierName: 'Hãng hàng không Việt Nam ✈' })),
      priceInfo: session.offers[3].priceInfo.map((p) => ({ ...p, fareInfo: { ...p.fareInfo, fareFamily: 'Phổ thông tiết kiệm ✈' } })),
    } as FlightOffer;
    const mixed = session.view(0, 'vi');
    const mixedWire = expectSentPoll(session.pollBytes(mixed), mixed);
    expect(Object.values(mixedWire.fareTexts).some((t) => t[1] === 'Phổ thông tiết kiệm ✈')).toBe(true);
    expectStoredSnapshot(session);
  });

  it('jsonBytes joins texts and byte pieces as UTF-8 in order', () => {
    const cases: [(Buffer | string)[], string][] = [
      [[], ''],
      [[''], ''],
      [['{"a":', Buffer.from('1'), '}'], '{"a":1}'],
      [[Buffer.from('"Việt '), 'Nam ✈ ', Buffer.from('😀"')], '"Việt Nam ✈ 😀"'],
      [[Buffer.alloc(0), 'ä', Buffer.alloc(0)], 'ä'],
    ];
    for (const [pieces, text] of cases) expect(jsonBytes(pieces).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('reuses the offers of flights without seats taken, and prices those with seats taken per search', async () => {
    const search = { from: 'HAN', to: 'SGN', departDate: day(15), pax: { adt: 1, chd: 0, inf: 0 } };
    const untouched = await instant.flight('VN').search(search);
    const again = await instant.flight('VN').search(search);
    expect(again).toEqual(untouched);
    expect(again[0]).toBe(untouched[0]);
    // one flight with seats taken (the inventory says which keys have rows): its offer changes, the others are reused
    const key = `${untouched[0].routeInfo[0].flightNo}/${untouched[0].departDateTime.slice(0, 10)}`;
    const at = untouched[0].priceInfo.findIndex((p) => p.seatAvailable >= 3);
    const cls = untouched[0].priceInfo[at].class;
    const reader: SeatsTaken = Object.assign((k: string, c: string) => (k === key && c === cls ? 2 : 0), { untaken: (k: string) => k !== key });
    const taken = await instant.flight('VN').search(search, { seatsTaken: reader });
    expect(taken[0].priceInfo[at].seatAvailable).toBe(untouched[0].priceInfo[at].seatAvailable - 2);
    expect(taken[0]).not.toBe(untouched[0]);
    expect(taken.slice(1)).toEqual(untouched.slice(1));
    for (const o of taken) expect(generatedOfferJson(o)).toBe(offerJson(sent(o)));
    // without `untaken` every class is asked: the same answer
    const asked = await instant.flight('VN').search(search, { seatsTaken: (k, c) => (k === key && c === cls ? 2 : 0) });
    expect(asked).toEqual(taken);
  });

  it('writes a supplier answer as one piece for every search that gets it, each with its own sign-in and leg', async () => {
    const search = { from: 'DAD', to: 'HAN', departDate: day(16), pax };
    // the same answers (untouched flights: the simulator's same offers) for two agencies' sign-ins, then the first again
    const runs = [signIns(['VN', 'VJ', '1A']), signIns(['VN', 'VJ', '1A']).map((s) => ({ ...s, id: s.id + 100 })), signIns(['VN', 'VJ', '1A'])];
    const answers: SearchPollWire[] = [];
    for (const tasks of runs) {
      const session = await searchAll(tasks, [{ search }], 'untouched');
      for (const since of [0, 3, session.offers.length - 1]) {
        const poll = session.view(since, 'en');
        const wire = expectSentPoll(session.pollBytes(poll), poll);
        if (since === 0) answers.push(wire);
      }
      const byId = new Map(tasks.map((t) => [t.id, t.source]));
      for (const o of session.view(0, 'en').offers) expect(byId.get(o.signInId!)).toBe(o.source);
    }
    // the second agency's answer differs from the first only by its sign-ins
    const ids = (w: SearchPollWire) => w.offers.map((o) => o.signInId);
    expect(ids(answers[1])).toEqual(ids(answers[0]).map((id) => id! + 100));
    expect(answers[2].offers).toEqual(answers[0].offers);
    // a multi-city search asking the same leg twice: the second answer's ids are tagged, written offer by offer
    const twice = await searchAll(signIns(['VN']), [{ leg: 0, search }, { leg: 1, search }], 'untouched');
    const poll = twice.view(0, 'vi');
    const wire = expectSentPoll(twice.pollBytes(poll), poll);
    expect(wire.offers.filter((o) => o.leg === 1).every((o) => o.id.endsWith('~10.1'))).toBe(true);
    expect(wire.offers.filter((o) => o.leg === 0).length).toBe(wire.offers.filter((o) => o.leg === 1).length);
    // a published offer replaced in the session afterwards: its batch is no longer written as one piece
    const session = await searchAll(signIns(['VN', 'VJ']), [{ search }], 'untouched');
    session.offers[1] = { ...session.offers[1], lowestFare: 123_000 };
    const changed = session.view(0, 'en');
    expect(expectSentPoll(session.pollBytes(changed), changed).offers[1].lowestFare).toBe(123_000);
  });
});
