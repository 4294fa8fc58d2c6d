import { describe, expect, it } from 'vitest';
import {
  AUDIO_SAMPLE_RATE,
  captchaAudio,
  digitClips,
  GAP_MAX_MS,
  GAP_MIN_MS,
  NOISE_AMPLITUDE,
  pcmOfWav,
  wavDataUrl,
  wavOfPcm,
} from '../../gateway/auth/captcha-audio';

/** Ten synthetic clips: digit d is (d + 1) * 100 samples of a constant level far above the noise. */
const clips = Array.from({ length: 10 }, (_, d) => new Int16Array((d + 1) * 100).fill(10_000));
const samplesOf = (ms: number) => Math.round((ms * AUDIO_SAMPLE_RATE) / 1000);
const header = (wav: Buffer) => ({
  riff: wav.toString('ascii', 0, 4),
  riffSize: wav.readUInt32LE(4),
  wave: wav.toString('ascii', 8, 12),
  fmt: wav.toString('ascii', 12, 16),
  format: wav.readUInt16LE(20),
  channels: wav.readUInt16LE(22),
  rate: wav.readUInt32LE(24),
  byteRate: wav.readUInt32LE(28),
  blockAlign: wav.readUInt16LE(32),
  bits: wav.readUInt16LE(34),
  data: wav.toString('ascii', 36, 40),
  dataSize: wav.readUInt32LE(40),
});

describe('audio captcha WAV', () => {
  it.each([
    ['one digit', '7'],
    ['five digits', '48213'],
    ['repeated digits', '00000'],
  ])('has a PCM mono 16-bit 8 kHz header whose sizes match (%s)', (_, digits) => {
    const wav = captchaAudio(digits, 'vi', { clips });
    const h = header(wav);
    expect(h).toMatchObject({ riff: 'RIFF', wave: 'WAVE', fmt: 'fmt ', format: 1, channels: 1, rate: 8000, byteRate: 16_000, blockAlign: 2, bits: 16, data: 'data' });
    expect(h.dataSize).toBe(wav.length - 44);
    expect(h.riffSize).toBe(wav.length - 8);
    expect(pcmOfWav(wav).length).toBe(h.dataSize / 2);
  });

  it.each([
    ['min gaps', () => GAP_MIN_MS],
    ['max gaps', () => GAP_MAX_MS],
  ])('is exactly the clips plus n + 1 gaps with %s', (_, gap) => {
    for (const digits of ['1', '12', '123', '98765']) {
      const speech = [...digits].reduce((n, d) => n + clips[Number(d)].length, 0);
      const wav = captchaAudio(digits, 'en', { clips, random: gap });
      expect(pcmOfWav(wav).length).toBe(speech + (digits.length + 1) * samplesOf(gap()));
    }
  });

  it('grows with the number of digits', () => {
    const fixed = { clips, random: () => 500 };
    const lengths = ['3', '33', '333', '3333', '33333'].map((d) => captchaAudio(d, 'vi', fixed).length);
    for (let i = 1; i < lengths.length; i += 1) expect(lengths[i]).toBeGreaterThan(lengths[i - 1]);
  });

  it('draws each gap at random within its bounds, and two captchas of the same digits differ', () => {
    const asked: Array<[number, number]> = [];
    const wav = captchaAudio('55555', 'vi', { clips, random: (min, max) => (asked.push([min, max]), min) });
    expect(asked).toHaveLength(6);
    for (const [min, max] of asked) expect([min, max]).toEqual([GAP_MIN_MS, GAP_MAX_MS + 1]);
    expect(wav.length).toBeGreaterThan(44);
    const lengths = new Set<number>();
    const speech = 5 * clips[5].length;
    for (let i = 0; i < 12; i += 1) {
      const n = pcmOfWav(captchaAudio('55555', 'vi', { clips })).length;
      expect(n - speech).toBeGreaterThanOrEqual(6 * samplesOf(GAP_MIN_MS));
      expect(n - speech).toBeLessThanOrEqual(6 * samplesOf(GAP_MAX_MS));
      lengths.add(n);
    }
    expect(lengths.size).toBeGreaterThan(1);
  });

  it('adds light noise: silence is no longer flat, and stays within the noise bound', () => {
    const pcm = pcmOfWav(captchaAudio('1', 'vi', { clips, random: () => GAP_MIN_MS }));
    const gap = pcm.subarray(0, samplesOf(GAP_MIN_MS));
    expect(gap.some((s) => s !== 0)).toBe(true);
    expect(gap.every((s) => Math.abs(s) <= NOISE_AMPLITUDE)).toBe(true);
    const spoken = pcm.subarray(samplesOf(GAP_MIN_MS), samplesOf(GAP_MIN_MS) + clips[1].length);
    expect(spoken.every((s) => Math.abs(s - 10_000) <= NOISE_AMPLITUDE)).toBe(true);
  });

  it('speaks digits only', () => {
    expect(() => captchaAudio('12a45', 'vi', { clips })).toThrow(/digits/);
    expect(() => captchaAudio('', 'vi', { clips })).toThrow(/digits/);
  });

  it('round-trips samples through wavOfPcm / pcmOfWav and makes a data URL', () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768]);
    expect(Array.from(pcmOfWav(wavOfPcm(pcm)))).toEqual(Array.from(pcm));
    expect(wavDataUrl(wavOfPcm(pcm))).toMatch(/^data:audio\/wav;base64,UklGR/);
    expect(() => pcmOfWav(Buffer.from('not a wav at all, surely not'))).toThrow(/WAV/);
  });

  it.each(['vi', 'en'] as const)('ships ten short 8 kHz digit clips in %s', (lang) => {
    const voice = digitClips()[lang];
    expect(voice).toHaveLength(10);
    for (const clip of voice) {
      expect(clip.length).toBeGreaterThan(samplesOf(100));
      expect(clip.length).toBeLessThan(samplesOf(1500));
    }
    // vi and en are different recordings
    expect(digitClips().vi[1].length === digitClips().en[1].length && digitClips().vi[2].length === digitClips().en[2].length).toBe(false);
  });
});
