import { describe, expect, it } from 'vitest';
import { ageAt, ageFitsType, passengerProblems, titlesFor, type PassengerInput } from '../../contract/bookings';
import { loadDraft, saveDraft, type BookingDraft } from '../../plugins/bookings/model/draft';
import { initialPassengers } from '../../plugins/bookings/model/passengers';
import { maskBirthday } from '../../plugins/bookings/pages/PassengerInformationPage';
import { initialSelectedFlightSession } from '../../plugins/flights/model';

describe('passenger rules', () => {
  it('age at the travel date and the type it implies', () => {
    expect(ageAt('15/04/2014', '2026-04-14')).toBe(11);
    expect(ageAt('15/04/2014', '2026-04-15')).toBe(12);
    expect(ageFitsType('ADT', 12)).toBe(true);
    expect(ageFitsType('CHD', 12)).toBe(false);
    expect(ageFitsType('CHD', 2)).toBe(true);
    expect(ageFitsType('INF', 1)).toBe(true);
    expect(ageFitsType('INF', 2)).toBe(false);
    expect(titlesFor('ADT')).toEqual(['MR', 'MRS', 'MS']);
    expect(titlesFor('INF')).toEqual(['MSTR', 'MISS']);
  });

  it('problems per passenger: title, names, birthday, age, parent', () => {
    const a: PassengerInput = { paxId: 1, type: 'ADT', title: 'MR', firstName: 'Văn An', lastName: 'Nguyễn', birthday: '15/04/1985' };
    const inf: PassengerInput = { paxId: 2, type: 'INF', title: 'MR', firstName: 'Be1', lastName: 'X', birthday: '01/01/2020' };
    expect(passengerProblems(a, [a], '2026-12-01', new Date('2026-11-22'))).toEqual([]);
    expect(passengerProblems(inf, [a, inf], '2026-12-01', new Date('2026-11-22'))).toEqual(['title', 'firstName', 'age', 'parent']);
  });
});

describe('passenger form model', () => {
  it('masks the birthday and attaches infants to adults', () => {
    expect(maskBirthday('15041985')).toBe('15/04/1985');
    expect(maskBirthday('1504')).toBe('15/04');
    expect(maskBirthday('ab1')).toBe('1');
    const list = initialPassengers({ ADT: 2, CHD: 1, INF: 2 });
    expect(list.map((p) => [p.paxId, p.type, p.title, p.parentId])).toEqual([
      [1, 'ADT', 'MR', undefined], [2, 'ADT', 'MR', undefined], [3, 'CHD', 'MSTR', undefined], [4, 'INF', 'MSTR', 1], [5, 'INF', 'MSTR', 2],
    ]);
  });

  it('the draft comes from router state, else sessionStorage, and only for its session', () => {
    const selection = initialSelectedFlightSession();
    const filled = { ...selection, depart: { ...selection.depart, data: { id: 'x' }, priceDetail: { class: 'Y', lines: [] } } } as unknown as BookingDraft['selection'];
    const draft: BookingDraft = { sessionId: 's1', sides: ['depart'], selection: filled };
    expect(loadDraft('s1', { draft })).toEqual(draft);
    expect(loadDraft('s1', null)).toBeNull();
    saveDraft(draft);
    expect(loadDraft('s1', null)).toEqual(draft);
    expect(loadDraft('s2', null)).toBeNull();
  });
});
