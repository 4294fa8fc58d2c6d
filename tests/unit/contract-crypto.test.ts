// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  CryptoError, decrypt, decryptJson, decryptWithSecret, defaultCipher, encrypt, encryptJson, encryptWithSecret, seal,
} from '../../contract/crypto';

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

function openssl(args: string[], input: string): string {
  return execFileSync('openssl', ['enc', ...args, '-K', hex(defaultCipher.key), '-iv', hex(defaultCipher.iv), '-a', '-A'], { input }).toString();
}

describe('envelope cipher (AES-CBC, Pkcs7, fixed key and IV)', () => {
  it.each([
    ['ascii', 'hello'],
    ['empty object', '{}'],
    ['vietnamese', 'Nguyễn Văn Ánh — Hà Nội'],
    ['exactly one block', '0123456789abcdef'],
    ['long json', JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => i) })],
  ])('round-trips %s', (_name, text) => {
    expect(decrypt(encrypt(text))).toBe(text);
  });

  it('matches `openssl enc -aes-256-cbc` in both directions', () => {
    const text = 'Đặt vé {"pnr":"ABC123"}';
    expect(openssl(['-aes-256-cbc'], text)).toBe(encrypt(text));
    expect(openssl(['-d', '-aes-256-cbc'], encrypt(text))).toBe(text);
  });

  it('round-trips JSON and seals bodies as { data }', () => {
    const body = { username: 'f1admin', n: 1 };
    expect(decryptJson(encryptJson(body))).toEqual(body);
    expect(Object.keys(seal(body))).toEqual(['data']);
    expect(decryptJson(seal(body).data)).toEqual(body);
  });

  it.each([
    ['not base64', '@@@'],
    ['empty', ''],
    ['wrong key', encrypt('x', { key: 'K'.repeat(32), iv: defaultCipher.iv })],
    ['truncated', encrypt('a longer text than one block').slice(0, 12)],
  ])('rejects %s with CryptoError', (_name, text) => {
    expect(() => decrypt(text)).toThrow(CryptoError);
  });

  it('rejects non-JSON plaintext in decryptJson', () => {
    expect(() => decryptJson(encrypt('not json'))).toThrow(CryptoError);
  });

  it('derives the key from MD5 of a secret', () => {
    const c = encryptWithSecret('1234', 'salt-xyz');
    expect(decryptWithSecret(c, 'salt-xyz')).toBe('1234');
    expect(() => decryptWithSecret(c, 'other')).toThrow(CryptoError);
    // interop: key = md5(secret) as AES-128
    const md5 = execFileSync('openssl', ['dgst', '-md5', '-r'], { input: 'salt-xyz' }).toString().split(' ')[0];
    const out = execFileSync('openssl', ['enc', '-d', '-aes-128-cbc', '-K', md5, '-iv', hex(defaultCipher.iv), '-a', '-A'], { input: c }).toString();
    expect(out).toBe('1234');
  });
});
