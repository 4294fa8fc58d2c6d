/**
 * The supplier registry: the one place suppliers are built, once, from the settings. Domain code asks it for
 * the supplier of a source and never sees an implementation. Today the simulator is registered for every
 * flight source; an adapter given in `adapters` takes a source's place (see README.md).
 */
import type { LuggageOption } from '../../contract/bookings';
import { SOURCES, type Source } from '../../contract/flights';
import type { EsimSupplier } from './esim';
import type { FlightSupplier } from './flights';
import type { RailSupplier } from './rail';
import type { PnrSupplier } from './pnr';
import { DEFAULT_VAT_PERCENT } from './reference-data';
import { SimulatedRailway } from './simulated/railway';
import { SimulatedEsimSupplier } from './simulated/esim';
import { SimulatedPnrSupplier } from './simulated/pnr';
import { defaultSleep, SimulatedSupplier, type SimulationHooks } from './simulated/supplier';
import { DEFAULT_SUPPLIER_SETTINGS, type Language, type SupplierSettings } from './types';

export interface SuppliersSettings {
  /** Settings of every source (default latency 150–1500 ms, failure rate 0). */
  defaults?: Partial<SupplierSettings>;
  /** Per-source overrides. */
  sources?: Partial<Record<Source, Partial<SupplierSettings>>>;
  /** Settings of the railway source (over `defaults`). */
  rail?: Partial<SupplierSettings>;
  /** The eSIM partner's latency and failure rate (over the defaults). */
  esim?: Partial<SupplierSettings>;
  /** VAT percent on domestic flights: 8 (reduced rate, default) or 10. */
  vatPercent?: number;
  /** Randomness of the simulated latency and failures (not of results); default Math.random. */
  random?: () => number;
  sleep?: SimulationHooks['sleep'];
}

/** Implementations that replace the simulator, per source. */
export interface SupplierAdapters {
  /** The flight supplier of a source; it also answers that source's quotes unless `flightQuotes` has one. */
  flights?: Partial<Record<Source, FlightSupplier>>;
  flightQuotes?: Partial<Record<Source, FlightSupplier>>;
  /** The railway. */
  rail?: RailSupplier;
  /** The eSIM partner; it also answers the catalogue unless `esimCatalogue` has one. */
  esim?: EsimSupplier;
  esimCatalogue?: EsimSupplier;
  /** The PNR interface of a source (after-sale edits). */
  pnr?: Partial<Record<Source, PnrSupplier>>;
}

export interface SupplierRegistry {
  /** The flight sources, in the order of contract/flights SOURCES. */
  readonly flightSources: readonly Source[];
  /** The flight supplier of a source: searches and the booking calls (issue, void, cancel). */
  flight(source: Source): FlightSupplier;
  /**
   * The flight supplier of a source for answers that must neither wait nor fail at random: seat counts at a
   * hold, re-pricing at issue, fare-rule texts, the cheapest-day digest. The simulator answers them without
   * its simulated latency and failures; a real adapter answers them itself (or through a cache).
   */
  flightQuotes(source: Source): FlightSupplier;
  /** Prepaid luggage of an airline on a route: its own channel's catalogue; none for an airline without one. */
  luggageOptions(airline: string, from: string, to: string, lang?: Language): LuggageOption[];
  /** The railway (Vietnam Railways): search, seats, issue and refund of train tickets. */
  rail(): RailSupplier;
  /** The eSIM partner: orders, usage, top-ups and refunds, with its latency and failures. */
  esim(): EsimSupplier;
  /** The eSIM partner's catalogue (`packages`), answered without the simulated latency and failures. */
  esimCatalogue(): EsimSupplier;
  /** The PNR of a source: retrieve, element edits (with the source's latency and failures), seat maps. */
  pnr(source: Source): PnrSupplier;
}

/** The settings of one source: defaults, then the source's overrides, clamped. */
export function resolveSupplierSettings(settings: SuppliersSettings, source: Source): SupplierSettings {
  const merged = { ...DEFAULT_SUPPLIER_SETTINGS, ...settings.defaults, ...settings.sources?.[source] };
  const latencyMinMs = Math.max(0, merged.latencyMinMs);
  return {
    latencyMinMs,
    latencyMaxMs: Math.max(latencyMinMs, merged.latencyMaxMs),
    failureRate: Math.min(1, Math.max(0, merged.failureRate)),
    ...(merged.voidCutoffMinutes !== undefined ? { voidCutoffMinutes: Math.min(24 * 60, Math.max(0, merged.voidCutoffMinutes)) } : {}),
    // sched: schedule changes
    ...(merged.scheduleChangeRate !== undefined ? { scheduleChangeRate: Math.min(1, Math.max(0, merged.scheduleChangeRate)) } : {}),
  };
}

const isSource = (code: string): code is Source => (SOURCES as readonly string[]).includes(code);

/** Builds every supplier once: the gateway calls it once at start. */
export function createSupplierRegistry(settings: SuppliersSettings = {}, adapters: SupplierAdapters = {}): SupplierRegistry {
  const hooks: SimulationHooks = { random: settings.random ?? Math.random, sleep: settings.sleep ?? defaultSleep };
  const instantHooks: SimulationHooks = { random: () => 0, sleep: hooks.sleep };
  const options = { vatPercent: settings.vatPercent ?? DEFAULT_VAT_PERCENT };
  const flights = new Map<Source, FlightSupplier>();
  const quotes = new Map<Source, FlightSupplier>();
  for (const source of SOURCES) {
    const resolved = resolveSupplierSettings(settings, source);
    const adapter = adapters.flights?.[source];
    flights.set(source, adapter ?? new SimulatedSupplier(source, resolved, options, hooks));
    quotes.set(
      source,
      adapters.flightQuotes?.[source] ?? adapter ?? new SimulatedSupplier(source, { ...resolved, latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 }, options, instantHooks),
    );
  }
  const railSettings = { ...DEFAULT_SUPPLIER_SETTINGS, ...settings.defaults, ...settings.rail };
  const railMin = Math.max(0, railSettings.latencyMinMs);
  const railway =
    adapters.rail ??
    new SimulatedRailway(
      { latencyMinMs: railMin, latencyMaxMs: Math.max(railMin, railSettings.latencyMaxMs), failureRate: Math.min(1, Math.max(0, railSettings.failureRate)) },
      hooks,
    );
  const esimSettings = resolveSupplierSettings({ defaults: { ...settings.defaults, ...settings.esim } }, 'VN');
  const esim = adapters.esim ?? new SimulatedEsimSupplier(esimSettings, hooks);
  const esimCatalogue = adapters.esimCatalogue ?? adapters.esim ?? new SimulatedEsimSupplier({ ...esimSettings, latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 }, instantHooks);
  const pnrSuppliers = new Map<Source, PnrSupplier>(
    SOURCES.map((source) => [source, adapters.pnr?.[source] ?? new SimulatedPnrSupplier(source, resolveSupplierSettings(settings, source), hooks)]),
  );
  const pick = (from: Map<Source, FlightSupplier>, source: Source): FlightSupplier => {
    const supplier = from.get(source);
    if (!supplier) throw new Error(`No flight supplier for source ${String(source)}`);
    return supplier;
  };
  return {
    flightSources: SOURCES,
    flight: (source) => pick(flights, source),
    flightQuotes: (source) => pick(quotes, source),
    luggageOptions(airline, from, to, lang) {
      const own = isSource(airline) ? flights.get(airline) : undefined;
      return own?.isCarrierChannel ? own.luggageOptions({ airline, from, to }, lang) : [];
    },
    rail: () => railway,
    esim: () => esim,
    esimCatalogue: () => esimCatalogue,
    pnr(source) {
      const supplier = pnrSuppliers.get(source);
      if (!supplier) throw new Error(`No PNR supplier for source ${String(source)}`);
      return supplier;
    },
  };
}
