/**
 * The concurrency suites against two gateway instances on one PostgreSQL database, requests alternating between
 * them (tests/gateway/helpers.ts with GATEWAY_INSTANCES=2: two apps, two connection pools, no stickiness):
 * seats and issues (bookings-races), the deposit ledger (accounting-concurrency) and train seats
 * (trains-races) must give the same results as on one instance, and a search started on one is polled on the
 * other (flights-shared-sessions).
 */
process.env.GATEWAY_INSTANCES = '2';
await import('./harness');
await import('../gateway/bookings-races.test');
await import('../gateway/accounting-concurrency.test');
await import('../gateway/trains-races.test');
await import('../gateway/flights-shared-sessions.test');
