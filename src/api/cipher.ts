/** The envelope cipher of the contract with the key and IV built into this bundle (AES_KEY / AES_IV). */
import {
  decrypt as decryptWith,
  encrypt as encryptWith,
  encryptWithSecret as encryptWithSecretWith,
  seal as sealWith,
  type CipherSettings,
  type Envelope,
} from '../../contract/crypto';

export const cipher: CipherSettings = { key: __AES_KEY__, iv: __AES_IV__ };

export const encrypt = (plain: string): string => encryptWith(plain, cipher);
export const decrypt = (cipherText: string): string => decryptWith(cipherText, cipher);
export const encryptWithSecret = (plain: string, secret: string): string => encryptWithSecretWith(plain, secret, cipher);
export const seal = (body: unknown): Envelope => sealWith(body, cipher);
