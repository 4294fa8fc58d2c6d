/**
 * The storefront's tiny http client: the protocol of spec point 7 (tsp header, sealed bodies, Time header,
 * `{ code, message, data }` errors) over fetch and WebCrypto (AES-256-CBC with PKCS#7 padding, the same bytes
 * as contract/crypto.ts). Where WebCrypto is missing (a page served over plain http from another host), the
 * contract's cipher is loaded on demand. No axios, no Refine: the storefront's first JS stays small.
 */
const utf8 = new TextEncoder();
let keyPromise: Promise<CryptoKey> | null = null;
let diff = 0;

function base64(bytes: ArrayBuffer): string {
  let s = '';
  const b = new Uint8Array(bytes);
  for (let i = 0; i < b.length; i += 1) s += String.fromCharCode(b[i]);
  return btoa(s);
}

async function encrypt(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    const { encrypt: slow } = await import('../../../contract/crypto');
    return slow(text, { key: __AES_KEY__, iv: __AES_IV__ });
  }
  keyPromise ??= subtle.importKey('raw', utf8.encode(__AES_KEY__), 'AES-CBC', false, ['encrypt']);
  const out = await subtle.encrypt({ name: 'AES-CBC', iv: utf8.encode(__AES_IV__) }, await keyPromise, utf8.encode(text));
  return base64(out);
}

export interface StoreError {
  status: number;
  code?: number;
  data?: { reason?: string } & Record<string, unknown>;
}

export function isStoreError(e: unknown): e is StoreError {
  return typeof e === 'object' && e !== null && 'status' in e;
}

/** The time-skew code (contract/errors.ts TIME_SKEW): the call is repeated once with the learned clock. */
const TIME_SKEW = 42;

export async function request<T>(method: 'GET' | 'POST', url: string, lang: string, body?: unknown, retried = false): Promise<T> {
  const headers: Record<string, string> = { tsp: await encrypt(String(Date.now() + diff)), 'Client-Type': 'Web', 'X-Language': lang };
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ data: await encrypt(JSON.stringify(body)) });
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload });
  } catch {
    throw { status: 0 } satisfies StoreError;
  }
  const time = Number(res.headers.get('Time'));
  if (Number.isFinite(time) && time > 0) diff = time - Date.now();
  const json = (await res.json().catch(() => null)) as (StoreError & T) | null;
  if (!res.ok) {
    if (json?.code === TIME_SKEW && !retried) return request<T>(method, url, lang, body, true);
    throw { status: res.status, code: json?.code, data: json?.data } satisfies StoreError;
  }
  return json as T;
}
