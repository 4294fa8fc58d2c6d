/**
 * The envelope cipher of spec point 9: AES in CBC mode, Pkcs7 padding, a fixed key and IV given as
 * UTF-8 strings. Output is base64 (the same bytes `openssl enc -aes-256-cbc -K <hex key> -iv <hex iv> -a`
 * produces). Decryption can instead derive its key from the MD5 hash of a supplied secret.
 */
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Base64 from 'crypto-js/enc-base64';
import MD5 from 'crypto-js/md5';
import CryptoJS from 'crypto-js/core';
import type { lib } from 'crypto-js';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from './constants';

export interface CipherSettings {
  key: string;
  iv: string;
}

export const defaultCipher: CipherSettings = { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV };

export function assertCipherSettings(settings: CipherSettings): void {
  if (settings.key.length !== 32) throw new Error('AES_KEY must be 32 characters');
  if (settings.iv.length !== 16) throw new Error('AES_IV must be 16 characters');
}

function options(iv: string) {
  return { iv: Utf8.parse(iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 };
}

function encryptWith(plain: string, key: lib.WordArray, iv: string): string {
  return AES.encrypt(plain, key, options(iv)).ciphertext.toString(Base64);
}

function decryptWith(cipherText: string, key: lib.WordArray, iv: string): string {
  if (typeof cipherText !== 'string' || cipherText.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(cipherText)) {
    throw new CryptoError('not base64');
  }
  let text: string;
  try {
    const words = AES.decrypt(cipherText, key, options(iv));
    if (words.sigBytes <= 0) throw new CryptoError('empty');
    text = words.toString(Utf8);
  } catch (e) {
    throw e instanceof CryptoError ? e : new CryptoError('cannot decrypt');
  }
  return text;
}

export class CryptoError extends Error {
  constructor(reason: string) {
    super(`Decryption failed: ${reason}`);
    this.name = 'CryptoError';
  }
}

export function encrypt(plain: string, settings: CipherSettings = defaultCipher): string {
  return encryptWith(plain, Utf8.parse(settings.key), settings.iv);
}

/** Throws CryptoError when the text is not base64, has bad padding or is not UTF-8. */
export function decrypt(cipherText: string, settings: CipherSettings = defaultCipher): string {
  return decryptWith(cipherText, Utf8.parse(settings.key), settings.iv);
}

/** Key = MD5(secret) (AES-128), IV as configured. */
export function encryptWithSecret(plain: string, secret: string, settings: CipherSettings = defaultCipher): string {
  return encryptWith(plain, MD5(secret), settings.iv);
}

export function decryptWithSecret(cipherText: string, secret: string, settings: CipherSettings = defaultCipher): string {
  return decryptWith(cipherText, MD5(secret), settings.iv);
}

export function encryptJson(value: unknown, settings: CipherSettings = defaultCipher): string {
  return encrypt(JSON.stringify(value), settings);
}

export function decryptJson<T = unknown>(cipherText: string, settings: CipherSettings = defaultCipher): T {
  const text = decrypt(cipherText, settings);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CryptoError('not JSON');
  }
}

/** The body of every non-GET request: `{ data: <base64 AES of the JSON body> }`. */
export interface Envelope {
  data: string;
}

export function seal(body: unknown, settings: CipherSettings = defaultCipher): Envelope {
  return { data: encryptJson(body ?? {}, settings) };
}
