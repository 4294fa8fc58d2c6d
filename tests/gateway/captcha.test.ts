import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaResponse } from '../../contract/auth';
import { captchas } from '../../gateway/platform/db/schema';
import { DEMO_PASSWORD } from '../../gateway/seed/demo';
import { call, nextIp, startGateway, type Gateway } from './helpers';

let gw: Gateway;
let nextText = 'Ab3De';
beforeAll(async () => {
  gw = await startGateway({ env: { CAPTCHA: 'on' }, captchaText: () => nextText });
});
afterAll(async () => {
  await gw?.close();
});

async function newCaptcha(text: string): Promise<string> {
  nextText = text;
  const res = await call(gw, 'GET', '/api/auth/captcha', { tsp: null });
  expect(res.statusCode).toBe(200);
  return res.json().captchaId;
}

const loginWith = (captchaId: string, captcha: string, password = DEMO_PASSWORD) =>
  call(gw, 'POST', '/api/auth/login', { body: { username: 'f1agent', password, captchaId, captcha }, ip: nextIp() });

describe('captcha', () => {
  it('gives an SVG image and an id, and stores only a hash of the answer', async () => {
    nextText = 'Qw7Er';
    const res = await call(gw, 'GET', '/api/auth/captcha');
    const body = res.json();
    expect(captchaResponse.safeParse(body).success).toBe(true);
    expect(body.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(body.expiresInSeconds).toBe(120);
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await gw.db.select().from(captchas).where(eq(captchas.id, body.captchaId));
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash).not.toContain('Qw7Er');
  });

  it('is a raster, not glyph outlines a program can read (item 12): no path or text, one PNG, new pixels every time', async () => {
    const images: Buffer[] = [];
    for (let i = 0; i < 2; i += 1) {
      await newCaptcha('Hk7Tz');
      const res = await call(gw, 'GET', '/api/auth/captcha');
      const svg: string = res.json().svg;
      expect(svg).not.toMatch(/<path|<text|<polyline|<polygon|<use|<symbol|font/i);
      expect(svg).not.toMatch(/Hk7Tz/i);
      const m = svg.match(/^<svg [^>]*><image [^>]*href="data:image\/png;base64,([A-Za-z0-9+/=]+)"\/><\/svg>$/);
      expect(m, svg.slice(0, 200)).not.toBeNull();
      images.push(Buffer.from(m![1], 'base64'));
    }
    for (const bytes of images) {
      const png = PNG.sync.read(bytes);
      expect([png.width, png.height]).toEqual([150, 50]);
      // ink: the glyphs and the noise curves darken a real part of the picture, not all of it
      let dark = 0;
      for (let p = 0; p < png.width * png.height; p += 1) if (png.data[p * 4] + png.data[p * 4 + 1] + png.data[p * 4 + 2] < 450) dark += 1;
      expect(dark / (png.width * png.height)).toBeGreaterThan(0.04);
      expect(dark / (png.width * png.height)).toBeLessThan(0.5);
    }
    // the same text never gives the same picture (random distortion, warp and noise)
    expect(images[0].equals(images[1])).toBe(false);
  });

  it('draws random texts by default', async () => {
    const { randomCaptchaText } = await import('../../gateway/auth/captcha');
    const texts = new Set(Array.from({ length: 20 }, randomCaptchaText));
    expect(texts.size).toBeGreaterThan(15);
    for (const t of texts) expect(t).toMatch(/^[A-Za-z2-9]{5}$/);
  });

  it('lets the right answer in, in any case', async () => {
    const id = await newCaptcha('Zx9Kp');
    const res = await loginWith(id, 'zX9kP');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong, missing or unknown captcha with 400/51', async () => {
    const id = await newCaptcha('Mn4Bv');
    for (const res of [await loginWith(id, 'wrong'), await loginWith('', ''), await loginWith('no-such-id', 'Mn4Bv')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(51);
    }
  });

  it('is single use: right or wrong, the first check consumes it', async () => {
    const id = await newCaptcha('Hj6Kl');
    expect((await loginWith(id, 'Hj6Kl')).statusCode).toBe(200);
    expect((await loginWith(id, 'Hj6Kl')).json().code).toBe(51);
    const id2 = await newCaptcha('Pq2Rs');
    expect((await loginWith(id2, 'nope')).json().code).toBe(51);
    expect((await loginWith(id2, 'Pq2Rs')).json().code).toBe(51);
  });

  it('expires', async () => {
    const id = await newCaptcha('Tu8Vw');
    await gw.db.update(captchas).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captchas.id, id));
    expect((await loginWith(id, 'Tu8Vw')).json().code).toBe(51);
  });

  it('is checked before the password, and guards forgot-password too', async () => {
    const id = await newCaptcha('Gh5Jk');
    expect((await loginWith(id, 'bad', 'Wrong#2026')).json().code).toBe(51);
    const forgot = await call(gw, 'POST', '/api/auth/forgot-password', { body: { username: 'f1agent', captchaId: 'x', captcha: 'y' } });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().code).toBe(51);
    const id2 = await newCaptcha('Cv3Bn');
    const ok = await call(gw, 'POST', '/api/auth/forgot-password', { body: { username: 'f1agent', captchaId: id2, captcha: 'Cv3Bn' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('captcha turned off (CAPTCHA=off)', () => {
  let off: Gateway;
  beforeAll(async () => {
    off = await startGateway({ env: { CAPTCHA: 'off' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('tells the portal: enabled false and no image, so the login form shows no captcha; sign-in needs none', async () => {
    const res = await call(off, 'GET', '/api/auth/captcha');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(captchaResponse.safeParse(body).success).toBe(true);
    expect(body).toEqual({ captchaId: '', svg: '', expiresInSeconds: 0, enabled: false });
    expect(await off.db.select().from(captchas)).toEqual([]);
    const login = await call(off, 'POST', '/api/auth/login', { body: { username: 'f1agent', password: DEMO_PASSWORD, captchaId: '', captcha: '' }, ip: nextIp() });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('with captcha on, the answer says enabled', async () => {
    const res = await call(gw, 'GET', '/api/auth/captcha');
    expect(res.json()).toMatchObject({ enabled: true, expiresInSeconds: 120 });
  });
});
