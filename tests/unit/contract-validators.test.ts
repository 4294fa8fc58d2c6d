import { describe, expect, it } from 'vitest';
import {
  UPLOAD_MAX_BYTES, checkUpload, isValidBirthDate, isValidDate, isValidEmail, isValidName, isValidPassword, isValidPhone, parseDate,
} from '../../contract/validators';

describe('phone (spec 5)', () => {
  it.each([
    ['0912345678', true], ['0312345678', true], ['0512345678', true], ['0712345678', true], ['0812345678', true],
    ['0212345678', false], ['0412345678', false], ['0612345678', false], ['091234567', false], ['09123456789', false],
    ['84912345678', true], ['84112345678', true], ['84012345678', false], ['8491234567', false], ['+84912345678', false],
    ['09a2345678', false], ['', false],
  ])('%s → %s', (value, ok) => expect(isValidPhone(value)).toBe(ok));
});

describe('password (spec 5)', () => {
  it.each([
    ['Demo@2026', true], ['Abcdef1!', true], ['abcdef1!', false], ['ABCDEFG!', false], ['Abcdefg1', false],
    ['Ab1!', false], ['Abcdef1!~', false], ['Abc def1!', false], ['Ăbcdef1!', false], ['A1!A1!A1!', true],
  ])('%s → %s', (value, ok) => expect(isValidPassword(value)).toBe(ok));
});

describe('name (spec 5)', () => {
  it.each([
    ['NGUYEN VAN A', true], ['Nguyễn Thị Ánh', true], ['Tran', true], ['Tran1', false], ['O\'Neil', false], ['A-B', false],
    ['   ', false], ['', false],
  ])('%s → %s', (value, ok) => expect(isValidName(value)).toBe(ok));
});

describe('email', () => {
  it.each([['a@b.vn', true], ['a.b@agency.com.vn', true], ['a@b', false], ['a b@c.vn', false], ['', false]])(
    '%s → %s', (value, ok) => expect(isValidEmail(value)).toBe(ok),
  );
});

describe('dates (spec 5)', () => {
  it.each([
    ['01-01-2026', true], ['31/12/2026', true], ['29-02-2024', true], ['29-02-2026', false], ['31-04-2026', false],
    ['00-01-2026', false], ['01-13-2026', false], ['1-1-2026', false], ['01-01/2026', false], ['2026-01-01', false], ['', false],
  ])('%s → %s', (value, ok) => expect(isValidDate(value)).toBe(ok));

  it.each([
    ['15-06-2026', { min: '01-06-2026', max: '30-06-2026' }, true],
    ['31-05-2026', { min: '01-06-2026' }, false],
    ['01-07-2026', { max: '30/06/2026' }, false],
    ['01-06-2026', { min: '01-06-2026', max: '01-06-2026' }, true],
  ])('%s within %o → %s', (value, bounds, ok) => expect(isValidDate(value, bounds)).toBe(ok));

  it('parses into parts', () => expect(parseDate('05/11/1990')).toEqual({ day: 5, month: 11, year: 1990 }));

  const now = new Date(2026, 10, 22);
  it.each([
    ['01-01-1900', true], ['31-12-1899', false], ['22-11-2026', true], ['01-01-2027', false], ['30-02-2000', false], ['15/08/1985', true],
  ])('birth date %s → %s', (value, ok) => expect(isValidBirthDate(value, now)).toBe(ok));
});

describe('uploads (spec 5)', () => {
  it.each([
    [{ name: 'a.jpg', size: 10 }, 'image', null],
    [{ name: 'a.JPEG', size: 10 }, 'image', null],
    [{ name: 'a.gif', size: UPLOAD_MAX_BYTES }, 'image', null],
    [{ name: 'a.png', size: UPLOAD_MAX_BYTES + 1 }, 'image', 'tooLarge'],
    [{ name: 'a.pdf', size: 10 }, 'image', 'badExtension'],
    [{ name: 'a.pdf', size: 10 }, 'file', null],
    [{ name: 'a.xlsx', size: 10 }, 'file', null],
    [{ name: 'a.svg', size: 10 }, 'file', null],
    [{ name: 'a.exe', size: 10 }, 'file', 'badExtension'],
    [{ name: 'jpg', size: 10 }, 'image', 'badExtension'],
    [{ name: 'a.png', size: 0 }, 'image', 'empty'],
  ] as const)('%o as %s → %s', (file, kind, problem) => expect(checkUpload(file, kind)).toBe(problem));
});
