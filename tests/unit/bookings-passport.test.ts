import { describe, expect, it } from 'vitest';
import { latestLuggageChoices, passportInput, passportProblems, PASSPORT_MIN_VALIDITY_MONTHS, type PassportInput } from '../../contract/bookings';

const now = new Date(2026, 5, 1, 12, 0); // 1 June 2026, local
const ok: PassportInput = { nationCountry: 'VNM', pNumber: 'C1234567', expiryDate: '15/01/2027', issuingCountry: 'VNM', issuingDate: '10/01/2020' };

describe('passport of a passenger (required on journeys with requirePassport)', () => {
  it('keeps 6 months of validity after the last travel date on international journeys', () => {
    expect(PASSPORT_MIN_VALIDITY_MONTHS).toBe(6);
  });

  it.each([
    ['a valid passport', ok, '2026-07-10', true, []],
    ['no passport', undefined, '2026-07-10', true, ['passport']],
    ['a number too short', { ...ok, pNumber: 'C12' }, '2026-07-10', true, ['pNumber']],
    ['a number with a symbol', { ...ok, pNumber: 'C123-4567' }, '2026-07-10', true, ['pNumber']],
    ['a nationality of 2 letters', { ...ok, nationCountry: 'VN' }, '2026-07-10', true, ['nationCountry']],
    ['an issuing country in lower case', { ...ok, issuingCountry: 'vnm' }, '2026-07-10', true, ['issuingCountry']],
    ['an expiry that is no date', { ...ok, expiryDate: '31/02/2027' }, '2026-07-10', true, ['expiryDate']],
    ['an expiry in another format', { ...ok, expiryDate: '2027-01-15' }, '2026-07-10', true, ['expiryDate']],
    // 6 months after 10/07/2026 is 10/01/2027
    ['expiry exactly 6 months after the last flight', { ...ok, expiryDate: '10/01/2027' }, '2026-07-10', true, []],
    ['expiry one day short of 6 months', { ...ok, expiryDate: '09/01/2027' }, '2026-07-10', true, ['expiryDate']],
    // 31 August + 6 months is the end of February
    ['month end clamps: 28/02/2027 after 31/08/2026', { ...ok, expiryDate: '28/02/2027' }, '2026-08-31', true, []],
    ['month end clamps: 27/02/2027 is short', { ...ok, expiryDate: '27/02/2027' }, '2026-08-31', true, ['expiryDate']],
    ['domestic: valid after the last flight is enough', { ...ok, expiryDate: '11/07/2026' }, '2026-07-10', false, []],
    ['domestic: expiring on the travel day is not', { ...ok, expiryDate: '10/07/2026' }, '2026-07-10', false, ['expiryDate']],
    ['issued in the future', { ...ok, issuingDate: '02/06/2026' }, '2026-07-10', true, ['issuingDate']],
    ['issued today', { ...ok, issuingDate: '01/06/2026' }, '2026-07-10', true, []],
    ['issuing date that is no date', { ...ok, issuingDate: '32/01/2020' }, '2026-07-10', true, ['issuingDate']],
    ['issuing date after the expiry', { ...ok, issuingDate: '01/02/2027' }, '2026-07-10', true, ['issuingDate']],
    ['no issuing date', { ...ok, issuingDate: undefined }, '2026-07-10', true, []],
    ['several problems at once', { ...ok, pNumber: '1', expiryDate: '01/08/2026' }, '2026-07-10', true, ['pNumber', 'expiryDate']],
  ] as const)('%s', (_name, passport, lastTravel, international, expected) => {
    expect(passportProblems(passport as PassportInput | undefined, lastTravel, now, international)).toEqual(expected);
  });

  it('countries default to VNM (spec point 9)', () => {
    const parsed = passportInput.parse({ pNumber: 'B7654321', expiryDate: '01/01/2030' });
    expect(parsed.nationCountry).toBe('VNM');
    expect(parsed.issuingCountry).toBe('VNM');
  });
});

describe('luggage choices (spec point 4: a later choice for the same passenger, route and type replaces the earlier)', () => {
  const c = (paxId: number, route: string, type: 'depart' | 'return', code: string) => ({ paxId, route, airline: 'VJ', type, code });
  it.each([
    ['distinct choices are all kept', [c(1, 'SGN-HAN', 'depart', 'BG20'), c(2, 'SGN-HAN', 'depart', 'BG15')], ['1:BG20', '2:BG15']],
    ['the later wins for the same passenger, route and type', [c(1, 'SGN-HAN', 'depart', 'BG20'), c(1, 'SGN-HAN', 'depart', 'BG30')], ['1:BG30']],
    ['another type is another choice', [c(1, 'SGN-HAN', 'depart', 'BG20'), c(1, 'HAN-SGN', 'return', 'BG25')], ['1:BG20', '1:BG25']],
    ['another route is another choice', [c(1, 'SGN-HAN', 'depart', 'BG20'), c(1, 'HAN-DAD', 'depart', 'BG25')], ['1:BG20', '1:BG25']],
    ['order of first choice kept', [c(2, 'SGN-HAN', 'depart', 'BG20'), c(1, 'SGN-HAN', 'depart', 'BG15'), c(2, 'SGN-HAN', 'depart', 'BG40')], ['2:BG40', '1:BG15']],
  ] as const)('%s', (_name, choices, expected) => {
    expect(latestLuggageChoices(choices).map((x) => `${x.paxId}:${x.code}`)).toEqual(expected);
  });
});
