// The calls of one event-loop turn answered together (gateway/platform/db/turn-batch.ts): batching, the bound per
// statement, a failed statement failing its own calls only, and the SQL of a batch statement's rows.
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arrayOf, columnOf, placeholdersOf, TurnBatch, valuesOf } from '../../gateway/platform/db/turn-batch';

const dialect = new PgDialect();
const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q).sql;

describe('TurnBatch', () => {
  it.each([
    { asked: 1, max: 8, statements: [1] },
    { asked: 8, max: 8, statements: [8] },
    { asked: 9, max: 8, statements: [8, 1] },
    { asked: 20, max: 8, statements: [8, 8, 4] },
    { asked: 5, max: 1, statements: [1, 1, 1, 1, 1] },
  ])('$asked calls of one turn with at most $max per statement: statements of $statements', async ({ asked, max, statements }) => {
    const sizes: number[] = [];
    const batch = new TurnBatch(async (inputs: number[]) => {
      sizes.push(inputs.length);
      return inputs.map((n) => n * 10);
    }, max);
    const answers = await Promise.all(Array.from({ length: asked }, (_, i) => batch.ask(i)));
    expect(answers).toEqual(Array.from({ length: asked }, (_, i) => i * 10));
    expect(sizes).toEqual(statements);
  });

  it('answers the calls of a later turn by a statement of their own', async () => {
    const sizes: number[] = [];
    const batch = new TurnBatch(async (inputs: string[]) => {
      sizes.push(inputs.length);
      return inputs.map((s) => s.toUpperCase());
    }, 8);
    const first = await Promise.all([batch.ask('a'), batch.ask('b')]);
    const second = await batch.ask('c');
    expect([first, second]).toEqual([['A', 'B'], 'C']);
    expect(sizes).toEqual([2, 1]);
  });

  it('fails the calls of a failed statement only', async () => {
    const batch = new TurnBatch(async (inputs: number[]) => {
      if (inputs.includes(3)) throw new Error('statement failed');
      return inputs;
    }, 2);
    const answers = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => batch.ask(n)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });
});

describe('the rows of a batch statement', () => {
  it.each<{ size: number; columns: Record<string, string>; want: string }>([
    { size: 1, columns: { uid: 'integer' }, want: '(values (1, $1::integer)) as v(ord, uid)' },
    { size: 2, columns: { id: 'bigint', codes: 'jsonb' }, want: '(values (1, $1::bigint, $2::jsonb), (2, $3::bigint, $4::jsonb)) as v(ord, id, codes)' },
  ])('valuesOf($size, $columns)', ({ size, columns, want }) => {
    expect(text(valuesOf(size, columns))).toBe(want);
  });

  it.each([
    { size: 1, want: 'array[$1::uuid]' },
    { size: 3, want: 'array[$1::uuid, $2::uuid, $3::uuid]' },
  ])('columnOf($size)', ({ size, want }) => {
    expect(text(columnOf(size, 'fam', 'uuid'))).toBe(want);
  });

  it('arrayOf gives the picked value of each call as a parameter, in order', () => {
    const q = dialect.sqlToQuery(arrayOf([{ key: 'a' }, { key: 'b' }, { key: 'c' }], (c) => c.key, 'text'));
    expect(q.sql).toBe('array[$1::text, $2::text, $3::text]');
    expect(q.params).toEqual(['a', 'b', 'c']);
  });

  it('names each call\'s values by its place from 1, as valuesOf and columnOf do', () => {
    expect(placeholdersOf([{ id: 7, codes: '["A"]' }, { id: 9, codes: '[]' }])).toEqual({ id1: 7, codes1: '["A"]', id2: 9, codes2: '[]' });
    const q = dialect.sqlToQuery(sql`select * from ${valuesOf(2, { id: 'bigint' })} where id = any(${columnOf(2, 'id', 'bigint')})`);
    expect(q.params).toHaveLength(4);
  });
});
