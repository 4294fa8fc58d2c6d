// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { keepRecord, SIMULATED_RECORDS_KEPT } from '../../gateway/suppliers/simulated/supplier';

describe('simulated airlines: issue records kept', () => {
  it.each([
    // [PNRs stored in order, bound, PNRs kept in order (oldest first)]
    [['A', 'B', 'C'], 5, ['A', 'B', 'C']],
    [['A', 'B', 'C', 'D'], 3, ['B', 'C', 'D']],
    [['A', 'B', 'A', 'C'], 2, ['A', 'C']], // a re-issued PNR becomes the most recent
    [['A', 'B', 'C'], 1, ['C']],
  ])('stores %j with a bound of %i → keeps %j', (stored, bound, kept) => {
    const records = new Map<string, number>();
    stored.forEach((pnr, i) => keepRecord(records, pnr, i, bound));
    expect([...records.keys()]).toEqual(kept);
    expect(records.get(kept[kept.length - 1])).toBe(stored.lastIndexOf(kept[kept.length - 1]));
  });

  it('keeps the most recent SIMULATED_RECORDS_KEPT by default', () => {
    const records = new Map<string, number>();
    for (let i = 0; i < SIMULATED_RECORDS_KEPT + 10; i += 1) keepRecord(records, `P${i}`, i);
    expect(records.size).toBe(SIMULATED_RECORDS_KEPT);
    expect(records.has('P9')).toBe(false);
    expect(records.has('P10')).toBe(true);
    expect(records.get(`P${SIMULATED_RECORDS_KEPT + 9}`)).toBe(SIMULATED_RECORDS_KEPT + 9);
  });
});
