/**
 * The flight and booking contracts' schema-free modules (contract/flights-rules.ts, contract/bookings-rules.ts): what
 * the signed-in shell and the home's search panel import of those contracts without zod. They must stay free of
 * schemas (no zod, no value imported from a module with schemas), and flights.ts / bookings.ts must still offer all
 * of it, so that the gateway and the forms import what they did.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as flights from '../../contract/flights';
import * as flightsRules from '../../contract/flights-rules';
import * as flightsPoll from '../../contract/flights-poll';
import * as bookings from '../../contract/bookings';
import * as bookingsRules from '../../contract/bookings-rules';

const read = (file: string) => readFileSync(join(process.cwd(), 'contract', file), 'utf8');
/** The modules a file imports values from (type-only imports are erased from the build). */
const valueImports = (code: string) =>
  [...code.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].filter((m) => !m[1]).map((m) => m[2]);

describe('schema-free contract modules', () => {
  it.each([
    ['flights-rules.ts', ['./business-day', './validators']],
    ['bookings-rules.ts', ['./business-day', './validators']],
    ['flights-poll.ts', []],
  ])('%s imports values only from schema-free modules', (file, allowed) => {
    expect(valueImports(read(file)).filter((m) => !allowed.includes(m))).toEqual([]);
    expect(read(file)).not.toMatch(/from 'zod'/);
  });

  it.each([
    ['flights', flightsRules, flights],
    ['flights (poll)', flightsPoll, flights],
    ['bookings', bookingsRules, bookings],
  ] as const)('%s.ts re-exports every value of its rules module', (_name, rules, full) => {
    const names = Object.keys(rules);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect((full as Record<string, unknown>)[name]).toBe((rules as Record<string, unknown>)[name]);
  });

  it('the schemas stay where the gateway and the forms take them', () => {
    expect(typeof flights.flightSearchRequest.parse).toBe('function');
    expect(typeof bookings.loyaltyInput.parse).toBe('function');
    expect('flightSearchRequest' in flightsRules).toBe(false);
    expect('loyaltyInput' in bookingsRules).toBe(false);
  });
});
