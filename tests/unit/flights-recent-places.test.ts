import { describe, expect, it } from 'vitest';
import { airport } from '../../contract/flights';
import { isAirport } from '../../plugins/flights/hooks/use-recent-places';

const han = { code: 'HAN', cityVi: 'Hà Nội', cityEn: 'Hanoi', nameVi: 'Nội Bài', nameEn: 'Noi Bai', countryCode: 'VN', domestic: true };

describe('the recent places kept in the browser', () => {
  it.each([
    han,
    { ...han, extra: 1 },
    { ...han, code: 'han' },
    { ...han, code: 'HANX' },
    { ...han, code: 12 },
    { ...han, domestic: 'yes' },
    { ...han, nameEn: undefined },
    { ...han, countryCode: null },
    null,
    'HAN',
    [han],
    {},
  ])('accepts what the contract accepts: %j', (value) => {
    expect(isAirport(value)).toBe(airport.safeParse(value).success);
  });
});
