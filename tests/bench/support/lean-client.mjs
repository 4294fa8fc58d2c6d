// A cheaper client for the benches that measure the gateway's throughput on the same cores as their clients:
// the envelope's AES through node:crypto instead of crypto-js, and HTTP/1.1 through node:http with a keep-alive
// agent instead of fetch. It speaks the same protocol byte for byte: `leanCipher` checks its output against
// contract/crypto.ts when it is made, and refuses settings whose key and IV are not 32 and 16 bytes.
// Measured on the 2-core machine (docs/performance.md, "Issue throughput and search in the UI, eleventh pass"):
// tsp + sealed body 256 → 22 µs of CPU, one POST at 20 in flight about 520 → 90 µs.
import { createCipheriv, createHash } from 'node:crypto';
import http from 'node:http';

const { defaultCipher, encrypt: slowEncrypt, encryptWithSecret: slowEncryptWithSecret, seal: slowSeal } = await import('../../../contract/crypto.ts');

/** encrypt, encryptWithSecret and seal of contract/crypto.ts for `settings`, through node:crypto. */
export function leanCipher(settings = defaultCipher) {
  const key = Buffer.from(settings.key, 'utf8');
  const iv = Buffer.from(settings.iv, 'utf8');
  if (key.length !== 32 || iv.length !== 16) throw new Error('lean client: AES_KEY and AES_IV must be 32 and 16 bytes');
  const aes = (plain, k, algorithm) => {
    const c = createCipheriv(algorithm, k, iv);
    return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
  };
  const encrypt = (plain) => aes(plain, key, 'aes-256-cbc');
  // crypto-js's key from a secret: its MD5 (16 bytes, so AES-128)
  const encryptWithSecret = (plain, secret) => aes(plain, createHash('md5').update(secret, 'utf8').digest(), 'aes-128-cbc');
  const seal = (body) => ({ data: encrypt(JSON.stringify(body ?? {})) });
  for (const sample of ['1764661200000', 'Nguyễn Văn An ✓', 'x'.repeat(47)]) {
    if (encrypt(sample) !== slowEncrypt(sample, settings)) throw new Error('lean client: encrypt differs from contract/crypto.ts');
    if (encryptWithSecret(sample, '123456') !== slowEncryptWithSecret(sample, '123456', settings)) throw new Error('lean client: encryptWithSecret differs from contract/crypto.ts');
  }
  const body = { idempotencyKey: 'k', pnrs: ['ABC123'], note: 'Vé đã xuất' };
  if (seal(body).data !== slowSeal(body, settings).data) throw new Error('lean client: seal differs from contract/crypto.ts');
  return { encrypt, encryptWithSecret, seal };
}

/**
 * fetch's subset the benches use ({ ok, status, json(), text() }) over node:http with a keep-alive agent of at most
 * `sockets` connections. `body` is a string.
 */
export function leanFetcher(sockets = 32) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const leanFetch = (url, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return { fetch: leanFetch, close: () => agent.destroy() };
}
