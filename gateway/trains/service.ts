/** What other domains (the seed, the scheduler) may use of trains: the sweep of expired holds and bookings. */
export { sweepTrains } from './inventory';
