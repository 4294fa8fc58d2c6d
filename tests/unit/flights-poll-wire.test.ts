// The poll as sent (contract/flights-poll.ts): fare classes as rows naming a text shared once per answer, and the
// full poll given back by expandSearchPoll.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  compactSearchPoll, expandSearchPoll, fareOfRow, searchPoll, searchPollWire, type FareRow, type FareText, type SearchPoll,
} from '../../contract/flights';
import { makeOffer } from './helpers/flight-fixtures';

const head = { sessionId: 's1', tasks: [{ signInId: 3, source: 'VN' as const, label: 'HAN001', status: 'done' as const, elapsedMs: 12, offerCount: 2 }], total: 1, completed: 1, done: true, cursor: 2 };
const vn = (id: string, fares: { class: string; seats: number; fare: number; cabin?: 'ECONOMY' | 'BUSINESS' }[]) =>
  ({ ...makeOffer({ id, airline: 'VN', depart: '2030-01-20T06:00', minutes: 130, fares }), signInId: 3 });

describe('compactSearchPoll / expandSearchPoll', () => {
  const cases: { name: string; poll: SearchPoll; rows: number; texts: number }[] = [
    { name: 'no offers', poll: { ...head, offers: [] }, rows: 0, texts: 0 },
    { name: 'one offer, one class', poll: { ...head, offers: [vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }])] }, rows: 1, texts: 1 },
    {
      name: 'classes sharing a text across offers are sent with it once',
      poll: {
        ...head,
        offers: [
          vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }, { class: 'J', seats: 2, fare: 5_000_000, cabin: 'BUSINESS' }]),
          vn('b', [{ class: 'Y', seats: 0, fare: 900_000 }, { class: 'J', seats: 9, fare: 4_000_000, cabin: 'BUSINESS' }]),
        ],
      },
      rows: 4,
      texts: 2,
    },
    {
      name: 'multi-city legs and a combined segment keep their fields',
      poll: { ...head, offers: [{ ...vn('a:b', [{ class: 'M', seats: 1, fare: 0 }]), leg: 1, combineSegment: 'b' }] },
      rows: 1,
      texts: 1,
    },
  ];
  it.each(cases)('$name', ({ poll, rows, texts }) => {
    const wire = compactSearchPoll(poll);
    expect(isDeepStrictEqual(searchPollWire.parse(wire), wire)).toBe(true);
    expect(wire.offers.flatMap((o) => o.fares)).toHaveLength(rows);
    expect(Object.keys(wire.fareTexts)).toHaveLength(texts);
    // as the portal gets it: through JSON
    const back = expandSearchPoll(JSON.parse(JSON.stringify(wire)));
    expect(back).toEqual(poll);
    expect(isDeepStrictEqual(searchPoll.parse(back), back)).toBe(true);
    if (poll.offers.length > 0) expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(poll).length);
  });

  it('a row gives its class with the text it names, or the text it carries; an unknown key is an error', () => {
    const text: FareText = {
      fareInfo: { cabinClass: 'ECONOMY', fareFamily: 'Economy Classic', fareBasis: 'YCLDOW', refundable: true, changeable: true },
      handBaggage: { pieces: 1, weightKg: 7, description: '7kg' },
      freeBaggage: { pieces: 1, weightKg: 23, description: '23kg' },
    };
    const numbers = [5, 1_000_000, 200_000, 120_000, 1_100_000, 750_000, 200_000, 95_000, 100_000, 0, 10_000] as const;
    const byKey: FareRow = ['Y', ...numbers, 7];
    const inline: FareRow = ['Y', ...numbers, text];
    const full = {
      class: 'Y', seatAvailable: 5, fareADT: 1_000_000, taxADT: 200_000, vatADT: 120_000, baseFareADT: 1_100_000,
      fareCHD: 750_000, taxCHD: 200_000, vatCHD: 95_000, fareINF: 100_000, taxINF: 0, vatINF: 10_000, ...text,
    };
    expect(fareOfRow(byKey, { 7: text })).toEqual(full);
    expect(fareOfRow(inline, {})).toEqual(full);
    expect(() => fareOfRow(byKey, { 8: text })).toThrow(/fare text 7/);
  });

  it('the wire schema refuses a row of the wrong length or a text key that is not a number', () => {
    const wire = compactSearchPoll({ ...head, offers: [vn('a', [{ class: 'Y', seats: 4, fare: 1_000_000 }])] });
    const row = wire.offers[0].fares[0];
    const bad = [
      { ...wire, offers: [{ ...wire.offers[0], fares: [row.slice(0, 12)] }] },
      { ...wire, offers: [{ ...wire.offers[0], fares: [] }] },
      { ...wire, fareTexts: { x: wire.fareTexts[0] } },
    ];
    for (const b of bad) expect(searchPollWire.safeParse(b).success).toBe(false);
  });
});
