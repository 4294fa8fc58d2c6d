/**
 * The audio captcha (issue 21): the digits of the answer spoken one by one in the user's language, from the
 * pre-recorded clips of captcha-audio/<lang>/<digit>.wav (8 kHz mono 16-bit PCM), with a random silence before,
 * between and after them, and light random noise over the whole, written as one WAV.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AUDIO_LANGS = ['vi', 'en'] as const;
export type AudioLang = (typeof AUDIO_LANGS)[number];
export const AUDIO_SAMPLE_RATE = 8000;
/** Bounds of each random gap, in milliseconds: before the first digit, between digits, after the last. */
export const GAP_MIN_MS = 250;
export const GAP_MAX_MS = 750;
/** Peak amplitude of the added noise (of 32767): audible as a light hiss, far below the speech. */
export const NOISE_AMPLITUDE = 600;
const HEADER_BYTES = 44;

const CLIPS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'captcha-audio');

/** The 16-bit samples of a PCM WAV file (mono, AUDIO_SAMPLE_RATE; anything else is refused). */
export function pcmOfWav(bytes: Buffer): Int16Array {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let format: { channels: number; rate: number; bits: number; code: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = { code: bytes.readUInt16LE(body), channels: bytes.readUInt16LE(body + 2), rate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || format.code !== 1 || format.channels !== 1 || format.bits !== 16 || format.rate !== AUDIO_SAMPLE_RATE) {
        throw new Error(`WAV clip must be PCM mono 16-bit ${AUDIO_SAMPLE_RATE} Hz`);
      }
      const end = Math.min(body + size, bytes.length);
      const samples = new Int16Array((end - body) >> 1);
      for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(body + i * 2);
      return samples;
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV file without data');
}

/** A mono 16-bit PCM WAV file of the samples. */
export function wavOfPcm(samples: Int16Array, sampleRate = AUDIO_SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(HEADER_BYTES + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i += 1) out.writeInt16LE(samples[i], HEADER_BYTES + i * 2);
  return out;
}

export type DigitClips = Record<AudioLang, Int16Array[]>;
let clips: DigitClips | null = null;

/** The ten clips of each language, read once from captcha-audio/. */
export function digitClips(): DigitClips {
  if (!clips) {
    const read = (lang: AudioLang) => Array.from({ length: 10 }, (_, d) => pcmOfWav(readFileSync(path.join(CLIPS_FOLDER, lang, `${d}.wav`))));
    clips = { vi: read('vi'), en: read('en') };
  }
  return clips;
}

export interface AudioOptions {
  /** The clips of the language, index = digit (tests give synthetic ones). */
  clips?: Int16Array[];
  /** Random integer in [min, max) for the gaps (default node:crypto randomInt). */
  random?: (min: number, max: number) => number;
}

/** The WAV of `digits` spoken in `lang`: gap, digit, gap, ..., digit, gap; noise over everything. */
export function captchaAudio(digits: string, lang: AudioLang, options: AudioOptions = {}): Buffer {
  if (!/^\d+$/.test(digits)) throw new Error('an audio captcha speaks digits only');
  const voice = options.clips ?? digitClips()[lang];
  const random = options.random ?? randomInt;
  const gap = () => Math.round((random(GAP_MIN_MS, GAP_MAX_MS + 1) * AUDIO_SAMPLE_RATE) / 1000);
  const parts: Int16Array[] = [new Int16Array(gap())];
  for (const ch of digits) {
    parts.push(voice[Number(ch)], new Int16Array(gap()));
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Int16Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  const noise = randomBytes(out.length * 2);
  for (let i = 0; i < out.length; i += 1) {
    const noisy = out[i] + (noise.readUInt16LE(i * 2) % (2 * NOISE_AMPLITUDE + 1)) - NOISE_AMPLITUDE;
    out[i] = Math.max(-32768, Math.min(32767, noisy));
  }
  return wavOfPcm(out);
}

export function wavDataUrl(wav: Buffer): string {
  return `data:audio/wav;base64,${wav.toString('base64')}`;
}
