/**
 * The loaders of the flights plugin's pages, one function each: the route (index.ts) and the search panels'
 * preload (hooks/search-prefetch.ts) must pass the same function to `lazyOf`, which keeps one lazy component per
 * loader. A page fetched through another function would still suspend its route once, and React reveals content
 * that replaces a Suspense fallback up to 300 ms late.
 */
export const loadFlightResultsPage = () => import('./FlightResultsPage');
export const loadMultiDestinationsPage = () => import('./MultiDestinationsPage');
