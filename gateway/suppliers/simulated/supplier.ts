/**
 * A simulated supplier: the deterministic generator wrapped in the source's latency and failure rate.
 * Latency and failures are random (not part of the result); tests inject `random` and `sleep`.
 */
import type { FareRule, FlightOffer, Source } from '../../../contract/flights';
import {
  SupplierError,
  type FareRuleOptions,
  type FareRuleQuery,
  type Supplier,
  type SupplierContext,
  type SupplierSearch,
  type SupplierSettings,
} from '../types';
import { fareRulesOf } from './fare-rules';
import { generateOffers, isGds, type GeneratorOptions } from './generator';

export interface SimulationHooks {
  /** [0, 1) draws for latency and failures; default Math.random. */
  random: () => number;
  /** Waits `ms`; rejects when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class SimulatedSupplier implements Supplier {
  readonly isCarrierChannel: boolean;

  constructor(
    readonly source: Source,
    readonly settings: Readonly<SupplierSettings>,
    private readonly options: GeneratorOptions,
    private readonly hooks: SimulationHooks,
  ) {
    this.isCarrierChannel = !isGds(source);
  }

  async search(request: SupplierSearch, ctx: SupplierContext = {}): Promise<FlightOffer[]> {
    await this.respond(ctx);
    return generateOffers(this.source, request, this.options, ctx.seatsTaken);
  }

  fareRules(query: FlightOffer | FareRuleQuery, options?: FareRuleOptions): FareRule {
    return fareRulesOf(query, options, this.source);
  }

  /** The simulated network: waits the latency, then fails with the configured probability. */
  private async respond(ctx: SupplierContext): Promise<void> {
    const { latencyMinMs, latencyMaxMs, failureRate } = this.settings;
    const latency = Math.round(latencyMinMs + (latencyMaxMs - latencyMinMs) * this.hooks.random());
    const fails = this.hooks.random() < failureRate;
    const timedOut = ctx.timeoutMs !== undefined && latency > ctx.timeoutMs;
    const wait = timedOut ? (ctx.timeoutMs ?? 0) : latency;
    try {
      if (wait > 0 || ctx.signal) await this.hooks.sleep(wait, ctx.signal);
    } catch {
      throw new SupplierError('TIMEOUT', {
        source: this.source,
        vi: 'Yêu cầu tìm kiếm đã bị hủy.',
        en: 'The search request was cancelled.',
      });
    }
    if (timedOut) throw new SupplierError('TIMEOUT', { source: this.source });
    if (fails) throw new SupplierError('UNAVAILABLE', { source: this.source });
  }
}
