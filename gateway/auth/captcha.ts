/**
 * Captchas: the glyph outlines of svg-captcha, distorted and rendered as a raster (captcha-raster.ts), sent as
 * an SVG holding only that PNG; the answer is stored server-side as an HMAC, compared case-insensitively, and
 * each captcha is consumed by its first check (right or wrong). The audio kind (captcha-audio.ts) speaks 5 digits
 * instead, under the same rules.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CaptchaResponse } from '../../contract/auth';
import { captchaAudio, wavDataUrl, type AudioLang } from './captcha-audio';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, rasterCaptcha, svgOfRaster } from './captcha-raster';
import type { Conn, Db } from '../platform/db/client';
import { captchas } from '../platform/db/schema';
import { hmac, randomToken, safeEqualHex } from '../platform/passwords';

/** Letters and digits that cannot be mistaken for one another. */
const CHARSET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 5;

/** Draws a captcha image of the given text (the callable default export of svg-captcha, untyped in its d.ts). */
const render = svgCaptcha as unknown as (text: string, options?: Parameters<typeof svgCaptcha.create>[0]) => string;

/** The captcha image of `text`: svg-captcha's glyph outlines only as an intermediate, a raster in the end. */
export function captchaImage(text: string): string {
  const outlines = render(text, { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, fontSize: 50, noise: 0, color: false });
  const paths = [...outlines.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m) => m[1]);
  return svgOfRaster(rasterCaptcha(paths));
}

/** The answer of an audio captcha: digits only, each spoken from its clip. */
export function randomCaptchaDigits(): string {
  let text = '';
  for (let i = 0; i < LENGTH; i += 1) text += String(randomInt(0, 10));
  return text;
}

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < LENGTH; i += 1) text += CHARSET[randomInt(0, CHARSET.length)];
  return text;
}

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly ttlSeconds: number,
    /** Where the text comes from (tests give a known text). */
    private readonly nextText: () => string = randomCaptchaText,
    /** CAPTCHA=off: no image is drawn and the forms are told to show none. */
    private readonly enabled: boolean = true,
    /** Where the digits of an audio captcha come from (tests give known digits). */
    private readonly nextDigits: () => string = randomCaptchaDigits,
  ) {}

  private answerHash(id: string, answer: string): string {
    return hmac(this.secret, `captcha:${id}:${answer.trim().toLowerCase()}`);
  }

  /** A new captcha: an image of letters and digits, or (kind audio) digits spoken in `lang`; same rules for both. */
  async create(now: Date = new Date(), kind: 'image' | 'audio' = 'image', lang: AudioLang = 'vi'): Promise<CaptchaResponse> {
    if (!this.enabled) return { captchaId: '', svg: '', expiresInSeconds: 0, enabled: false };
    const text = kind === 'audio' ? this.nextDigits() : this.nextText();
    const svg = kind === 'audio' ? '' : captchaImage(text);
    const audio = kind === 'audio' ? wavDataUrl(captchaAudio(text, lang)) : undefined;
    const id = randomToken(18);
    await this.db.transaction(async (tx) => {
      // Expired challenges are of no use: clear those older than an hour while we are here.
      await tx.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - 3_600_000)));
      await tx.insert(captchas).values({
        id,
        answerHash: this.answerHash(id, text),
        expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
      });
    });
    return { captchaId: id, svg, ...(audio ? { audio } : {}), expiresInSeconds: this.ttlSeconds, enabled: true };
  }

  /** Consumes the captcha and tells whether the answer was right (false when unknown, used or expired). */
  async check(conn: Conn, id: string, answer: string, now: Date = new Date()): Promise<boolean> {
    if (!id || !answer) return false;
    const [row] = await conn
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    if (!row) return false;
    return safeEqualHex(row.answerHash, this.answerHash(id, answer));
  }
}
