/**
 * The pure rules of the flight-search domain (spec points 3, 4, 5 and 9): passenger counts, the search state,
 * date picking, sorting, filters, the selected-flight session, multi-flight legs and the other flights of a
 * selection. No React, no I/O; components and api.ts call these.
 */
export * from './passengers';
export * from './search-state';
export * from './date-range';
export * from './sorting';
export * from './filters';
export * from './selection';
export * from './multi-leg';
export * from './other-flights';
export * from './calendar-keys';
