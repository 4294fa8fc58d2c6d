// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoError, decrypt, defaultCipher, encrypt, encryptJson, type CipherSettings } from '../../contract/crypto';
import { openCipherJson, openCipherText } from '../../gateway/platform/http/envelope-cipher';

/** What the crypto-js decryption answers: the text, or 'error'. */
const slow = (text: string, c: CipherSettings) => {
  try {
    return decrypt(text, c);
  } catch {
    return 'error';
  }
};
const fast = (text: string, c: CipherSettings) => {
  try {
    return openCipherText(text, c);
  } catch (e) {
    expect(e).toBeInstanceOf(CryptoError);
    return 'error';
  }
};

describe('the server envelope cipher (node:crypto)', () => {
  const other: CipherSettings = { key: 'k'.repeat(32), iv: 'v'.repeat(16) };

  it('opens what encrypt seals, as contract/crypto does', () => {
    const texts = ['1732468800000', '{}', 'Nguyễn Văn Ánh — Hà Nội', '0123456789abcdef', JSON.stringify({ list: Array.from({ length: 300 }, (_, i) => i) })];
    for (const c of [defaultCipher, other]) {
      for (const t of texts) {
        expect(openCipherText(encrypt(t, c), c)).toBe(t);
        expect(openCipherText(encrypt(t, c), c)).toBe(decrypt(encrypt(t, c), c));
      }
    }
    expect(openCipherJson(encryptJson({ a: [1, 'ư'] }, other), other)).toEqual({ a: [1, 'ư'] });
  });

  it('refuses what contract/crypto refuses: not base64, empty, another key', () => {
    for (const bad of ['', 'not base64!', '@@@', encrypt('1732468800000', other)]) {
      expect(fast(bad, defaultCipher)).toBe('error');
    }
    expect(() => openCipherJson(encrypt('not json', defaultCipher), defaultCipher)).toThrow(CryptoError);
  });

  it('never opens a random cipher text to something crypto-js would not', () => {
    for (let i = 0; i < 2000; i += 1) {
      const text = randomBytes(16 * (1 + (i % 4)) + (i % 7 === 0 ? 3 : 0)).toString('base64');
      const f = fast(text, defaultCipher);
      if (f !== 'error') expect(f).toBe(slow(text, defaultCipher));
    }
  });

  it('falls back to crypto-js for keys whose bytes are not 32 and 16 long', () => {
    const wide: CipherSettings = { key: 'ư'.repeat(16), iv: 'i'.repeat(16) };
    const sealed = encrypt('1732468800000', wide);
    expect(openCipherText(sealed, wide)).toBe('1732468800000');
  });
});
