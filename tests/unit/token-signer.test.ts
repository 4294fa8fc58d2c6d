// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { TokenSigner } from '../../gateway/platform/access/tokens';

const subject = { userId: 7, agencyId: 3, familyId: '0b9c6c58-3f4e-4d0a-9a57-2f4f8e1d2c11' };
const codeOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: number }) => e.code);

describe('access token verification (verified tokens remembered by their text)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a remembered token again, and 18 once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const signer = new TokenSigner('x'.repeat(40), 60);
    const token = await signer.sign(subject);
    expect(await signer.verify(token)).toMatchObject({ userId: 7, agencyId: 3, familyId: subject.familyId });
    vi.setSystemTime(new Date('2026-11-24T10:00:59Z'));
    expect(await signer.verify(token)).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    expect(await codeOf(signer.verify(token))).toBe(ErrorCode.TOKEN_EXPIRED);
    expect(await codeOf(signer.verify(token))).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('never remembers a refused token: a forged or another signer’s token stays 19', async () => {
    const signer = new TokenSigner('x'.repeat(40), 60);
    const other = new TokenSigner('y'.repeat(40), 60);
    const token = await other.sign(subject);
    expect(await codeOf(signer.verify(token))).toBe(ErrorCode.UNAUTHENTICATED);
    expect(await codeOf(signer.verify(token))).toBe(ErrorCode.UNAUTHENTICATED);
    const mine = await signer.sign(subject);
    expect(await signer.verify(mine)).toMatchObject({ userId: 7 });
    const [h, p, s] = mine.split('.');
    const forged = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('A') ? 'B' : 'A'}A`;
    expect(await codeOf(signer.verify(forged))).toBe(ErrorCode.UNAUTHENTICATED);
  });
});
