import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaResponse } from '../../contract/auth';
import { digitClips, NOISE_AMPLITUDE, pcmOfWav } from '../../gateway/auth/captcha-audio';
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
      // the markup around the picture (its base64 bytes may spell anything, "font" included)
      const markup = svg.replace(/base64,[A-Za-z0-9+/=]+/, 'base64,');
      expect(markup).not.toMatch(/<path|<text|<polyline|<polygon|<use|<symbol|font/i);
      expect(markup).not.toMatch(/Hk7Tz/i);
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

/** Where `clip` lies in `pcm` at or after `from`, give or take the added noise (-1 when nowhere). */
function findClip(pcm: Int16Array, clip: Int16Array, from: number): number {
  for (let at = from; at + clip.length <= pcm.length; at += 1) {
    let i = 0;
    while (i < clip.length && Math.abs(pcm[at + i] - clip[i]) <= NOISE_AMPLITUDE) i += 1;
    if (i === clip.length) return at;
  }
  return -1;
}

describe('audio captcha (kind=audio)', () => {
  async function newAudio(digits: string, lang: 'vi' | 'en') {
    nextText = digits;
    const res = await call(gw, 'GET', `/api/auth/captcha?kind=audio&lang=${lang}`, { tsp: null });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(captchaResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ svg: '', enabled: true, expiresInSeconds: 120 });
    expect(res.headers['cache-control']).toBe('no-store');
    const m = /^data:audio\/wav;base64,([A-Za-z0-9+/=]+)$/.exec(body.audio);
    expect(m, String(body.audio).slice(0, 60)).not.toBeNull();
    return { id: body.captchaId as string, pcm: pcmOfWav(Buffer.from(m![1], 'base64')) };
  }

  it.each(['vi', 'en'] as const)('speaks the digits one by one in %s, and stores only a hash of them', async (lang) => {
    const { id, pcm } = await newAudio('48213', lang);
    const clips = digitClips();
    let at = 0;
    for (const d of '48213') {
      const found = findClip(pcm, clips[lang][Number(d)], at);
      expect(found, `digit ${d}`).toBeGreaterThanOrEqual(at);
      at = found + clips[lang][Number(d)].length;
    }
    // the other language's voice is not in it
    expect(findClip(pcm, clips[lang === 'vi' ? 'en' : 'vi'][4], 0)).toBe(-1);
    const [row] = await gw.db.select().from(captchas).where(eq(captchas.id, id));
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash).not.toContain('48213');
  });

  it('lets the digits in once, refuses them a second time, and refuses a wrong answer', async () => {
    const { id } = await newAudio('90517', 'vi');
    expect((await loginWith(id, ' 90517 ')).statusCode).toBe(200);
    const again = await loginWith(id, '90517');
    expect([again.statusCode, again.json().code]).toEqual([400, 51]);
    const { id: id2 } = await newAudio('33861', 'en');
    const wrong = await loginWith(id2, '33862');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 51]);
    expect((await loginWith(id2, '33861')).json().code).toBe(51);
  });

  it('draws random digits by default', async () => {
    const { randomCaptchaDigits } = await import('../../gateway/auth/captcha');
    const texts = new Set(Array.from({ length: 20 }, randomCaptchaDigits));
    expect(texts.size).toBeGreaterThan(15);
    for (const t of texts) expect(t).toMatch(/^\d{5}$/);
  });

  it('refuses an unknown kind or language with 400, and creates nothing', async () => {
    const before = (await gw.db.select().from(captchas)).length;
    for (const q of ['kind=video', 'kind=audio&lang=fr', 'kind=']) {
      const res = await call(gw, 'GET', `/api/auth/captcha?${q}`, { tsp: null });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await gw.db.select().from(captchas)).length).toBe(before);
  });

  it('lets the portal play it: the CSP allows media from data: URLs only beside its own origin', async () => {
    const res = await call(gw, 'GET', '/api/auth/captcha?kind=audio&lang=en', { tsp: null });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/media-src 'self' data:(;|$)/);
    expect(csp).toMatch(/default-src 'self'/);
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
