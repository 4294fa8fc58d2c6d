/** Default agency issue fees per airline, domestic or international, and passenger type (spec: bookingFees). */
import { PAX_TYPES, type BookingFee } from '../../../contract/flights';
import { DEFAULT_ISSUE_FEES, ISSUE_FEE_OVERRIDES } from '../reference-data';

export function bookingFees(airlines: readonly string[], domestic: boolean): BookingFee[] {
  const scope = domestic ? 'domestic' : 'international';
  return [...new Set(airlines)].flatMap((airline) =>
    PAX_TYPES.map((paxType) => ({
      airline,
      domestic,
      paxType,
      issueFee: ISSUE_FEE_OVERRIDES[airline]?.[scope]?.[paxType] ?? DEFAULT_ISSUE_FEES[scope][paxType],
    })),
  );
}
