import { describe, expect, it } from 'vitest';
import { initials, remarkName, remarkText, REMARK_NAME_LIMIT, type RemarkPerson } from '../../contract/bookings';

const infant: RemarkPerson = { title: 'MISS', firstName: 'Be Na', lastName: 'Nguyen Tran', birthday: '05/03/2025' };
// "NGUYEN/<first> MR INF NGUYEN TRAN/BE NA MISS 05MAR25" is 45 characters plus the holder’s first name
const holderWithLength = (total: number): RemarkPerson => ({ title: 'MR', firstName: 'A'.repeat(total - 45), lastName: 'Nguyen' });

describe('booking remark (spec point 5: names over 59 characters shorten the companion’s last name to initials)', () => {
  it.each([
    { length: 58, shortened: false },
    { length: 59, shortened: false },
    { length: 60, shortened: true },
    { length: 61, shortened: true },
    { length: 95, shortened: true },
  ])('a remark of $length characters is shortened: $shortened', ({ length, shortened }) => {
    const holder = holderWithLength(length);
    const full = `NGUYEN/${remarkText(holder.firstName)} MR INF NGUYEN TRAN/BE NA MISS 05MAR25`;
    expect(full).toHaveLength(length);
    const got = remarkName(holder, infant);
    if (shortened) {
      expect(got).toBe(`NGUYEN/${remarkText(holder.firstName)} MR INF NT/BE NA MISS 05MAR25`);
      expect(got.length).toBe(length - 'NGUYEN TRAN'.length + 2);
    } else {
      expect(got).toBe(full);
    }
  });

  it('the limit is 59', () => {
    expect(REMARK_NAME_LIMIT).toBe(59);
  });

  it.each([
    // holder, companion, kind, expected
    [{ title: 'MR', firstName: 'Văn An', lastName: 'Nguyễn' }, { title: 'MSTR', firstName: 'Đức', lastName: 'Nguyễn', birthday: '01/12/2024' }, 'INF', 'NGUYEN/VAN AN MR INF NGUYEN/DUC MSTR 01DEC24'],
    [{ title: 'MRS', firstName: 'Thi  Lan', lastName: 'Tran' }, { title: 'MISS', firstName: 'Mai', lastName: 'Le', birthday: '29/02/2016' }, 'CHD', 'TRAN/THI LAN MRS CHD LE/MAI MISS 29FEB16'],
    [{ title: 'MR', firstName: 'An', lastName: 'Vu' }, { title: 'MISS', firstName: 'Hoa', lastName: 'Pham' }, 'INF', 'VU/AN MR INF PHAM/HOA MISS'],
  ] as const)('writes %o with %o (%s) as %s', (holder, companion, kind, expected) => {
    expect(remarkName(holder, companion, kind)).toBe(expected);
  });

  it.each([
    ['Nguyen', 'N'],
    ['Nguyễn Thị', 'NT'],
    ['  đặng  văn  ', 'DV'],
  ])('initials of %s are %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
