import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypt, encryptJson, seal } from '../../contract/crypto';
import { CLIENT_VERSION, TSP_MAX_SKEW_MS } from '../../contract/constants';
import { errorMessages } from '../../contract/errors';
import { ENDPOINT_RULES } from '../../policies/endpoints';
import { call, login, startGateway, tspFor, type Gateway } from './helpers';

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw?.close();
});

const LOGIN = '/api/auth/login';

describe('envelope (code 40)', () => {
  it('refuses a body without a data field', async () => {
    const res = await call(gw, 'POST', LOGIN, { rawBody: { username: 'f1admin', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40 });
  });

  it('refuses data that is not base64', async () => {
    const res = await call(gw, 'POST', LOGIN, { rawBody: { data: 'not base64 at all!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40);
  });

  it('refuses data sealed with another key', async () => {
    const other = { key: 'x'.repeat(32), iv: 'y'.repeat(16) };
    const res = await call(gw, 'POST', LOGIN, { rawBody: { ...seal({ username: 'f1admin', password: 'x' }, other) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40);
  });

  it('refuses an envelope whose plain text is not JSON', async () => {
    const res = await call(gw, 'POST', LOGIN, { rawBody: { data: encrypt('username=f1admin', gw.cipher) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40);
  });

  it('refuses malformed JSON, an empty body and a non-JSON content type', async () => {
    for (const res of [
      await call(gw, 'POST', LOGIN, { rawBody: '{"data": ' }),
      await call(gw, 'POST', LOGIN, { rawBody: '' }),
      await call(gw, 'POST', LOGIN, { rawBody: 'data=abc', headers: { 'content-type': 'text/plain' } }),
      await call(gw, 'POST', LOGIN, {}),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(40);
    }
  });
});

describe('schema (code 41)', () => {
  it('lists the field issues', async () => {
    const res = await call(gw, 'POST', LOGIN, { body: { username: 'a', password: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(41);
    const paths = body.data.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('validates a body that decrypts to a non-object', async () => {
    const res = await call(gw, 'POST', LOGIN, { rawBody: { data: encryptJson([1, 2], gw.cipher) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(41);
  });

  it('validates query strings', async () => {
    const { accessToken } = await login(gw, 'f1admin');
    const res = await call(gw, 'GET', '/api/audit-log', { token: accessToken, query: { pageSize: '500' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 41, data: { in: 'querystring' } });
  });
});

describe('tsp (code 42)', () => {
  it('is required', async () => {
    const res = await call(gw, 'POST', LOGIN, { body: { username: 'f1admin', password: 'x' }, tsp: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 42, data: { reason: 'missing' } });
  });

  it('must be readable', async () => {
    const res = await call(gw, 'POST', LOGIN, { body: { username: 'f1admin', password: 'x' }, tsp: 'garbage' });
    expect(res.json()).toMatchObject({ code: 42, data: { reason: 'unreadable' } });
    const notNumber = await call(gw, 'POST', LOGIN, { body: { username: 'f1admin', password: 'x' }, tsp: encrypt('yesterday', gw.cipher) });
    expect(notNumber.json().code).toBe(42);
  });

  it('must be within 5 minutes of the server clock, both ways', async () => {
    for (const offset of [TSP_MAX_SKEW_MS + 10_000, -(TSP_MAX_SKEW_MS + 10_000)]) {
      const res = await call(gw, 'GET', '/api/auth/me', { tsp: tspFor(gw, Date.now() + offset) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe(42);
      expect(typeof body.data.serverTime).toBe('number');
    }
    const ok = await call(gw, 'GET', '/api/auth/me', { tsp: tspFor(gw, Date.now() - TSP_MAX_SKEW_MS + 30_000) });
    expect(ok.json().code).toBe(19);
  });

  it('is not needed by captcha, ping, health and docs', async () => {
    for (const url of ['/api/auth/captcha', '/api/ping', '/healthz', '/readyz', '/api/docs/openapi.json']) {
      const res = await call(gw, 'GET', url, { tsp: null });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('headers and errors', () => {
  it('sends Version and Time on success, error and not-found answers', async () => {
    const ok = await call(gw, 'GET', '/api/ping');
    const bad = await call(gw, 'POST', LOGIN, { rawBody: {} });
    const missing = await call(gw, 'GET', '/api/nothing-here');
    for (const res of [ok, bad, missing]) {
      expect(res.headers.version).toBe(CLIENT_VERSION);
      const time = Number(res.headers.time);
      expect(Math.abs(time - Date.now())).toBeLessThan(5_000);
    }
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 44 });
  });

  it('answers in the X-Language language, Vietnamese by default', async () => {
    const vi = await call(gw, 'POST', LOGIN, { rawBody: {} });
    const en = await call(gw, 'POST', LOGIN, { rawBody: {}, headers: { 'x-language': 'en' } });
    const other = await call(gw, 'POST', LOGIN, { rawBody: {}, headers: { 'x-language': 'fr' } });
    expect(vi.json().message).toBe(errorMessages[40].vi);
    expect(en.json().message).toBe(errorMessages[40].en);
    expect(other.json().message).toBe(errorMessages[40].vi);
  });

  it('echoes a request id, or makes one', async () => {
    const given = await call(gw, 'GET', '/api/ping', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await call(gw, 'GET', '/api/ping', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers ping with the server clock', async () => {
    const res = await call(gw, 'GET', '/api/ping');
    expect(res.json()).toMatchObject({ ok: true });
    expect(Math.abs(res.json().time - Date.now())).toBeLessThan(5_000);
  });
});

describe('health, docs, static files', () => {
  it('answers healthz and readyz', async () => {
    expect((await call(gw, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(gw, 'GET', '/readyz')).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('documents every endpoint of the rule table', async () => {
    const res = await call(gw, 'GET', '/api/docs/openapi.json');
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const key of Object.keys(ENDPOINT_RULES)) {
      const [method, url] = key.split(' ');
      const openapiPath = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openapiPath]?.[method.toLowerCase()], key).toBeDefined();
    }
    const login = doc.paths['/api/auth/login'].post;
    expect(login.description).toMatch(/encrypted/);
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    const viewer = await call(gw, 'GET', '/api/docs', { headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(viewer.statusCode);
  });

  it('explains a missing build with 503, then serves the portal with the SPA fallback', async () => {
    const before = await call(gw, 'GET', '/booking/flights', { headers: { accept: 'text/html' } });
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('npm run build');

    const dist = gw.settings.STATIC_DIR;
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');

    const deep = await call(gw, 'GET', '/booking/flights', { headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>portal</title>');
    const asset = await call(gw, 'GET', '/assets/app-123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await call(gw, 'GET', '/assets/none.js', { headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const api = await call(gw, 'GET', '/api/unknown', { headers: { accept: 'text/html' } });
    expect(api.json().code).toBe(44);
  });

  it('sends /login as the build\'s page of /login in the language of the i18nextLng cookie, else ?lng=, else Vietnamese', async () => {
    const dist = gw.settings.STATIC_DIR;
    const plain = await call(gw, 'GET', '/login', { headers: { accept: 'text/html' } });
    expect(plain.body).toContain('<title>portal</title>');
    mkdirSync(path.join(dist, 'boot'), { recursive: true });
    writeFileSync(path.join(dist, 'boot', 'login.vi.html'), '<!doctype html><html lang="vi" data-boot="login"><title>vi</title>');
    writeFileSync(path.join(dist, 'boot', 'login.en.html'), '<!doctype html><html lang="en" data-boot="login"><title>en</title>');
    const login = (url: string, cookie?: string) => call(gw, 'GET', url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    const vi = await login('/login');
    expect(vi.statusCode).toBe(200);
    expect(vi.body).toContain('<title>vi</title>');
    expect(vi.headers['cache-control']).toBe('no-cache');
    expect(String(vi.headers.vary)).toMatch(/cookie/i);
    expect((await login('/login', 'theme=dark; i18nextLng=en')).body).toContain('<title>en</title>');
    expect((await login('/login?lng=en')).body).toContain('<title>en</title>');
    expect((await login('/login?lng=en', 'i18nextLng=vi')).body).toContain('<title>vi</title>');
    expect((await login('/login', 'i18nextLng=fr')).body).toContain('<title>vi</title>');
    expect((await call(gw, 'GET', '/login', { headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });

  it('serves the translation files with a short cache', async () => {
    for (const lng of ['vi', 'en']) {
      const res = await call(gw, 'GET', `/locales/${lng}/translation.json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(() => res.json()).not.toThrow();
    }
    expect((await call(gw, 'GET', '/locales/fr/translation.json')).statusCode).toBe(404);
    expect((await call(gw, 'GET', '/locales/..%2F..%2Fpackage.json/translation.json')).statusCode).toBe(404);
  });
});
