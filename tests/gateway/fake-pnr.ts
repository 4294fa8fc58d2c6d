/**
 * The one fake PNR supplier of the after-sale tests: the simulated airline of a source whose changes fail (the
 * supplier failing after the payment). Every call goes to the simulator's own supplier of the source; `edit` and
 * `split` throw SupplierError('UNAVAILABLE') while `failing()` says so.
 */
import { createSupplierRegistry, SupplierError, type PnrSupplier, type SupplierRegistry } from '../../gateway/suppliers';

type Source = PnrSupplier['source'];

/** Simulated suppliers that answer at once and never fail at random. */
export const INSTANT_SUPPLY = { defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } };

/** `real` (the simulator's supplier of a source), whose changes fail while `failing()` is true. */
export function failingPnrSupplier(real: PnrSupplier, failing: () => boolean): PnrSupplier {
  const { source } = real;
  const refuse = () => {
    if (failing()) throw new SupplierError('UNAVAILABLE', { source });
  };
  return {
    source,
    retrieve: (...a) => real.retrieve(...a),
    seatMap: (...a) => real.seatMap(...a),
    syncSchedule: (...a) => real.syncSchedule(...a),
    alternatives: (...a) => real.alternatives(...a),
    seatsAvailable: (...a) => real.seatsAvailable(...a),
    ...(real.ancillaryOptions && { ancillaryOptions: (...a: Parameters<NonNullable<PnrSupplier['ancillaryOptions']>>) => real.ancillaryOptions!(...a) }),
    ...(real.infantFee && { infantFee: (...a: Parameters<NonNullable<PnrSupplier['infantFee']>>) => real.infantFee!(...a) }),
    edit: async (...a) => {
      refuse();
      return real.edit(...a);
    },
    ...(real.split && {
      split: async (...a: Parameters<NonNullable<PnrSupplier['split']>>) => {
        refuse();
        return real.split!(...a);
      },
    }),
  };
}

/**
 * A registry of instant simulated suppliers in which the PNR suppliers of `sources` fail their changes while
 * `failing()` is true (always, by default). `base` is the registry whose simulated suppliers they wrap.
 */
export function registryWithFailingPnr(
  sources: readonly Source[],
  failing: () => boolean = () => true,
  base: SupplierRegistry = createSupplierRegistry(INSTANT_SUPPLY),
): SupplierRegistry {
  const pnr = Object.fromEntries(sources.map((source) => [source, failingPnrSupplier(base.pnr(source), failing)]));
  return createSupplierRegistry(INSTANT_SUPPLY, { pnr });
}
