/**
 * The envelope cipher of contract/crypto.ts on the server, through node:crypto instead of crypto-js (several
 * times cheaper per request: every signed-in request decrypts its tsp, every body its envelope). The same
 * algorithm, key and IV bytes (AES-256-CBC, Pkcs7, the UTF-8 bytes of AES_KEY and AES_IV), so it opens exactly
 * what `encrypt` / `seal` produce; it is stricter on garbage only (a bad padding or a text that is not UTF-8 is
 * refused, as crypto-js refuses most of them). Settings whose UTF-8 bytes are not 32 and 16 long fall back to
 * crypto-js.
 */
import { createDecipheriv } from 'node:crypto';
import { CryptoError, decrypt as slowDecrypt, type CipherSettings } from '../../../contract/crypto';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const keys = new WeakMap<CipherSettings, { key: Buffer; iv: Buffer } | null>();

function keyOf(settings: CipherSettings): { key: Buffer; iv: Buffer } | null {
  let k = keys.get(settings);
  if (k === undefined) {
    const key = Buffer.from(settings.key, 'utf8');
    const iv = Buffer.from(settings.iv, 'utf8');
    k = key.length === 32 && iv.length === 16 ? { key, iv } : null;
    keys.set(settings, k);
  }
  return k;
}

/** contract/crypto.ts decrypt(): throws CryptoError when the text is not base64, not decryptable or not UTF-8. */
export function openCipherText(cipherText: string, settings: CipherSettings): string {
  const k = keyOf(settings);
  if (!k) return slowDecrypt(cipherText, settings);
  if (typeof cipherText !== 'string' || cipherText.length === 0 || !BASE64.test(cipherText)) throw new CryptoError('not base64');
  let bytes: Buffer;
  try {
    const d = createDecipheriv('aes-256-cbc', k.key, k.iv);
    bytes = Buffer.concat([d.update(cipherText, 'base64'), d.final()]);
  } catch {
    throw new CryptoError('cannot decrypt');
  }
  if (bytes.length === 0) throw new CryptoError('empty');
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CryptoError('cannot decrypt');
  }
}

/** contract/crypto.ts decryptJson(). */
export function openCipherJson<T = unknown>(cipherText: string, settings: CipherSettings): T {
  const text = openCipherText(cipherText, settings);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CryptoError('not JSON');
  }
}
