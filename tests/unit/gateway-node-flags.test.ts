/** The V8 flags of a gateway process by its database (scripts/build-gateway.mjs `gatewayNodeFlags`). */
import { describe, expect, it } from 'vitest';
import { GATEWAY_NODE_FLAGS, GATEWAY_NODE_FLAGS_POSTGRES, gatewayNodeFlags } from '../../scripts/build-gateway.mjs';

describe('gatewayNodeFlags', () => {
  it.each([
    ['no DATABASE_URL: PGlite in the process', {}, GATEWAY_NODE_FLAGS],
    ['an empty DATABASE_URL (as the test processes pass it): PGlite', { DATABASE_URL: '' }, GATEWAY_NODE_FLAGS],
    ['a PostgreSQL URL', { DATABASE_URL: 'postgres://u:p@db:5432/portal' }, GATEWAY_NODE_FLAGS_POSTGRES],
    ['other settings do not matter', { DATA_DIR: '/var/lib/portal', PORT: '8080' }, GATEWAY_NODE_FLAGS],
  ])('%s', (_, env, expected) => {
    expect(gatewayNodeFlags(env)).toEqual(expected);
  });

  it('PGlite keeps the memory flags; PostgreSQL gets the larger young generation', () => {
    expect(GATEWAY_NODE_FLAGS).toEqual(['--heap-growing-percent=15', '--max-semi-space-size=4']);
    expect(GATEWAY_NODE_FLAGS_POSTGRES).toEqual(['--heap-growing-percent=50', '--max-semi-space-size=16']);
  });
});
