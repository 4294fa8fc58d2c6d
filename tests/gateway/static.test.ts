// The build's hashed assets answered from memory: the coding the client accepts (brotli, gzip, none), the same
// headers as before (type, immutable cache, entity tag, Vary), 304 on revalidation, 404 for what is not there
// or outside assets/, HEAD.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, pickEncoding, type ContentCoding } from '../../gateway/platform/http/static';
import { startGateway, type Gateway } from './helpers';

describe('pickEncoding', () => {
  const both: ContentCoding[] = ['br', 'gzip'];
  it.each<[string | undefined, ContentCoding[], ContentCoding | null]>([
    [undefined, both, null],
    ['', both, null],
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['br;q=0.5, gzip', both, 'gzip'],
    ['br;q=1.0, gzip;q=0.8', both, 'br'],
    ['BR', both, 'br'],
    ['x-gzip', both, 'gzip'],
    ['*', both, 'br'],
    ['*;q=0.3, gzip;q=0', both, 'br'],
    ['br;q=0, gzip;q=0', both, null],
    ['deflate', both, null],
    ['identity', both, null],
    ['gzip;q=0.5, identity;q=1', both, null],
    ['gzip;q=0.5, identity;q=0', both, 'gzip'],
    ['gzip, br', ['gzip'], 'gzip'],
    ['br', ['gzip'], null],
    ['br', [], null],
    ['br;q=abc, gzip', both, 'gzip'],
  ])('Accept-Encoding %j with %j available: %j', (header, available, expected) => {
    expect(pickEncoding(header, available)).toBe(expected);
  });
});

describe('etagMatches', () => {
  const tags = ['"abc"', '"abc-br"', '"abc-gz"'];
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc-br"', true],
    ['"x", "abc-gz"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('If-None-Match %j: %j', (header, expected) => {
    expect(etagMatches(header, tags)).toBe(expected);
  });
});

let gw: Gateway;
let assets: string;
// a module big enough to be compressed (the build compresses what is 1 KB or more), with the build's .br/.gz beside
// it; one the build left without them (compressed once by the gateway); a small one (never compressed)
const big = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const bare = `export const other = [${Array.from({ length: 400 }, (_, i) => `"other ${i}"`).join(', ')}];\n`;
beforeAll(async () => {
  gw = await startGateway();
  assets = path.join(gw.settings.STATIC_DIR, 'assets');
  mkdirSync(path.join(assets, 'nested'), { recursive: true });
  writeFileSync(path.join(gw.settings.STATIC_DIR, 'index.html'), '<!doctype html><title>portal</title>');
  // beside the build, not in it
  writeFileSync(path.join(gw.settings.STATIC_DIR, '..', 'secret.txt'), 'not an asset');
  writeFileSync(path.join(assets, 'main-AbC123.js'), big);
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  writeFileSync(path.join(assets, 'main-AbC123.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(assets, 'main-AbC123.js.gz'), gzipSync(big));
  writeFileSync(path.join(assets, 'bare-XyZ.js'), bare);
  writeFileSync(path.join(assets, 'index-1.css'), 'body{margin:0}');
  writeFileSync(path.join(assets, 'nested', 'chunk-9.js'), 'export default 1;');
});
afterAll(async () => {
  await gw?.close();
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => gw.app.inject({ method, url, headers });

describe('/assets/* from memory', () => {
  it('sends brotli, gzip or the file itself as the client accepts, with the same headers', async () => {
    const br = await get('/assets/main-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(br.headers['last-modified']).toBeTruthy();

    const gz = await get('/assets/main-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big);
    expect(gz.headers.etag).toMatch(/-gz"$/);

    const none = await get('/assets/main-AbC123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(big);
    expect(Number(none.headers['content-length'])).toBe(Buffer.byteLength(big));
    expect(String(none.headers.vary)).toMatch(/accept-encoding/i);
    // three representations, three tags
    expect(new Set([br.headers.etag, gz.headers.etag, none.headers.etag]).size).toBe(3);
  });

  it('compresses once a file the build left uncompressed, and sends a small one as it is', async () => {
    const br = await get('/assets/bare-XyZ.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bare);
    const gz = await get('/assets/bare-XyZ.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bare);
    const css = await get('/assets/index-1.css', { 'accept-encoding': 'br, gzip' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers.vary).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
    expect((await get('/assets/nested/chunk-9.js')).body).toBe('export default 1;');
  });

  it('answers 304 to a revalidation with any of its tags, or a later If-Modified-Since', async () => {
    const first = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/main-AbC123.js', { 'if-none-match': `W/${String(first.headers.etag)}` })).statusCode).toBe(304);
    expect((await get('/assets/main-AbC123.js', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    const later = new Date(Date.now() + 60_000).toUTCString();
    expect((await get('/assets/main-AbC123.js', { 'if-modified-since': later })).statusCode).toBe(304);
    expect((await get('/assets/main-AbC123.js', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
    // If-None-Match decides when both are sent
    expect((await get('/assets/main-AbC123.js', { 'if-none-match': '"other"', 'if-modified-since': later })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br' }, 'HEAD');
    const body = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const header of ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary']) {
      expect(head.headers[header], header).toBe(body.headers[header]);
    }
  });

  it('answers 404 for an asset that is not there, and finds it once written', async () => {
    const missing = await get('/assets/late-1.js', { accept: '*/*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(44);
    writeFileSync(path.join(assets, 'late-1.js'), 'export {};');
    expect((await get('/assets/late-1.js')).statusCode).toBe(200);
    expect((await get('/assets/nested', { accept: '*/*' })).statusCode).toBe(404);
  });

  it('serves nothing outside the build and no hidden file', async () => {
    writeFileSync(path.join(assets, '.hidden.js'), 'hidden');
    for (const url of [
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/nested/..%2f..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/.hidden.js',
      '/assets/nested/%2e%2e/.hidden.js',
    ]) {
      const res = await get(url, { accept: '*/*' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('not an asset');
      expect(res.body, url).not.toContain('hidden');
    }
  });
});

describe('the page of /login from memory', () => {
  it('sends it compressed, revalidates it, and reads it again when a build rewrites it', async () => {
    const boot = path.join(gw.settings.STATIC_DIR, 'boot');
    mkdirSync(boot, { recursive: true });
    const page = (title: string) => `<!doctype html><html lang="vi" data-boot="login"><title>${title}</title>${'<p>form</p>'.repeat(200)}</html>`;
    writeFileSync(path.join(boot, 'login.vi.html'), page('first'));
    writeFileSync(path.join(boot, 'login.en.html'), page('en'));
    const html = { accept: 'text/html', 'accept-encoding': 'gzip, br' };
    const first = await get('/login', html);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(page('first'));
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(first.headers.vary)).toMatch(/cookie/i);
    expect((await get('/login', { ...html, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect((await get('/login', { accept: 'text/html' })).body).toBe(page('first'));

    // a new build: same name, another page (and another size)
    writeFileSync(path.join(boot, 'login.vi.html'), page('second, rebuilt'));
    const second = await get('/login', html);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(page('second, rebuilt'));
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect((await get('/login', { ...html, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
    expect((await get('/login', { ...html, cookie: 'i18nextLng=en' })).headers['content-encoding']).toBe('br');
  });
});

describe('the translations from memory', () => {
  it('sends them compressed with an entity tag, revalidates them, and reads a file again once it is edited', async () => {
    const locales = mkdtempSync(path.join(tmpdir(), 'locales-'));
    const texts = (title: string) => JSON.stringify({ auth: { login: { title } }, rows: Array.from({ length: 300 }, (_, i) => `dòng ${i}`) });
    for (const lng of ['vi', 'en']) {
      mkdirSync(path.join(locales, lng));
      writeFileSync(path.join(locales, lng, 'translation.json'), texts(`${lng} first`));
    }
    const other = await startGateway({ seed: false, env: { LOCALES_DIR: locales } });
    try {
      const get = (url: string, headers: Record<string, string> = {}) => other.app.inject({ method: 'GET', url, headers });
      const br = await get('/locales/vi/translation.json', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(texts('vi first'));
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(br.headers['cache-control']).toBe('public, max-age=60');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers.etag).toMatch(/-br"$/);
      const gz = await get('/locales/en/translation.json', { 'accept-encoding': 'gzip' });
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(texts('en first')));
      const plain = await get('/locales/vi/translation.json');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(JSON.parse(texts('vi first')));
      expect((await get('/locales/vi/translation.json', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);

      // edited while the gateway runs (another size): the next request has the new texts and another tag
      writeFileSync(path.join(locales, 'vi', 'translation.json'), texts('vi second, edited'));
      const edited = await get('/locales/vi/translation.json', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect(edited.statusCode).toBe(200);
      expect(brotliDecompressSync(edited.rawPayload).toString()).toBe(texts('vi second, edited'));
      expect(edited.headers.etag).not.toBe(br.headers.etag);

      // a language the portal does not have, or a file gone: 404
      expect((await get('/locales/fr/translation.json')).statusCode).toBe(404);
      rmSync(path.join(locales, 'en', 'translation.json'));
      expect((await get('/locales/en/translation.json')).statusCode).toBe(404);
    } finally {
      await other.close();
      rmSync(locales, { recursive: true, force: true });
    }
  });
});
