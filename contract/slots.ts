/**
 * The shared dialogs plugins offer each other through the portal's dialog slot, by name, with their props.
 * One plugin implements a dialog (the fare rules: flights); another opens it by name without importing that
 * plugin (the booking detail). Types only.
 */

/** Fare rules by airline: an offer's source, airline, class and fare basis (the flight results). */
export interface AirlineFareRuleQuery {
  source?: string;
  airline: string;
  class: string;
  fareBasis?: string;
  international?: boolean;
}

/** Fare rules by booking reference: the rules of the fares a PNR holds (the booking detail). */
export interface PnrFareRuleQuery {
  pnr: string;
}

export type FareRuleQuery = AirlineFareRuleQuery | PnrFareRuleQuery;

export interface FareRuleDialogProps {
  /** What to show, with the title line of the dialog; null closes it. */
  query: (FareRuleQuery & { title: string }) | null;
  onClose: () => void;
}

/** A panel another plugin adds to the booking detail (a tab under the PNRs): the after-sale history, its EMDs. */
export interface BookingDetailPanelProps {
  bookingId: number;
}

/**
 * A tag another plugin adds to a direct flight of the flight results (the shop's "agency allotment" with its
 * seats left, which sells from the allotment when chosen). Nothing is shown when no plugin offers one.
 */
export interface FlightOfferTagProps {
  airline: string;
  flightNo: string;
  from: string;
  to: string;
  /** Local departure date, yyyy-MM-dd. */
  departDate: string;
}

/** Dialog name → its props. */
export interface SharedDialogs {
  fareRule: FareRuleDialogProps;
}

export type SharedDialogName = keyof SharedDialogs;
