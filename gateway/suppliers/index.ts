/**
 * Supply of the reference gateway, the only door domain code goes through: the supplier interfaces per
 * family (flights, rail, eSIM), the registry that holds one implementation per source, and
 * the shared reference data (reference-data.ts). The simulator (simulated/) is private to this folder.
 */
export * from './types';
export * from './flights';
export type * from './rail';
export type * from './pnr';
export { RAIL_STATIONS, railDistance, railStation, stationList } from './rail-reference';
export type * from './esim';
export { destinationName, destinationSearchNames, ESIM_DESTINATIONS, ESIM_DEVICES, ESIM_TECHNOLOGY, esimDestination, REGION_NAMES, regionCountries } from './esim-reference';
export { createSupplierRegistry, resolveSupplierSettings, type SupplierAdapters, type SupplierRegistry, type SuppliersSettings } from './registry';
export { bookingFees } from './reference-data';
export { fareTextsJson, hasFixedJson, jsonBytes, offerJson, offerJsonPieces, type OfferPieces } from './offer-json';
// perf-mem: the bound of the simulated offers' drafts cache (OFFER_DRAFT_CACHE_SIZE) and its size for diagnostics
export { draftCacheStats, setDraftCacheBytes, setDraftCacheSize } from './simulated/generator';
