/**
 * Flight supply of the reference gateway: one Supplier per search source (VN, VJ, QH, VU carrier channels;
 * 1A, 1B, 1G GDSs), simulated now, with their latency and failure rate as settings.
 */
import { SOURCES, type Source } from '../../contract/flights';
import { DEFAULT_VAT_PERCENT } from './reference-data';
import { defaultSleep, SimulatedSupplier, type SimulationHooks } from './simulated/supplier';
import { DEFAULT_SUPPLIER_SETTINGS, type Supplier, type SupplierSettings } from './types';

export interface SuppliersSettings {
  /** Settings of every source (default latency 150–1500 ms, failure rate 0). */
  defaults?: Partial<SupplierSettings>;
  /** Per-source overrides. */
  sources?: Partial<Record<Source, Partial<SupplierSettings>>>;
  /** VAT percent on domestic flights: 8 (reduced rate, default) or 10. */
  vatPercent?: number;
  /** Randomness for latency and failures (not for results); default Math.random. */
  random?: () => number;
  sleep?: SimulationHooks['sleep'];
}

export type Suppliers = Readonly<Record<Source, Supplier>>;

export function resolveSupplierSettings(settings: SuppliersSettings, source: Source): SupplierSettings {
  const merged = { ...DEFAULT_SUPPLIER_SETTINGS, ...settings.defaults, ...settings.sources?.[source] };
  const latencyMinMs = Math.max(0, merged.latencyMinMs);
  return {
    latencyMinMs,
    latencyMaxMs: Math.max(latencyMinMs, merged.latencyMaxMs),
    failureRate: Math.min(1, Math.max(0, merged.failureRate)),
    ...(merged.voidCutoffMinutes !== undefined ? { voidCutoffMinutes: Math.min(24 * 60 - 1, Math.max(0, merged.voidCutoffMinutes)) } : {}),
  };
}

/** The seven suppliers, keyed by source. */
export function createSuppliers(settings: SuppliersSettings = {}): Suppliers {
  const hooks: SimulationHooks = { random: settings.random ?? Math.random, sleep: settings.sleep ?? defaultSleep };
  const vatPercent = settings.vatPercent ?? DEFAULT_VAT_PERCENT;
  const suppliers = {} as Record<Source, Supplier>;
  for (const source of SOURCES) {
    suppliers[source] = new SimulatedSupplier(source, resolveSupplierSettings(settings, source), { vatPercent }, hooks);
  }
  return suppliers;
}

export { bookingFees } from './simulated/booking-fees';
export { holdTimeLimit } from './simulated/time-limit';
export { generateOffers, seatKey, validateSearch } from './simulated/generator';
export { SimulatedSupplier } from './simulated/supplier';
export * from './types';
