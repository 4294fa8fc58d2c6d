import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../gateway/platform/db/like';

describe('containsPattern: an ILIKE "contains" pattern with the text taken literally', () => {
  it.each([
    ['VN123', '%VN123%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
    ['', '%%'],
  ])('%s → %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
