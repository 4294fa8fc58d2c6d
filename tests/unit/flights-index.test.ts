import { describe, expect, it } from 'vitest';
import * as model from '../../plugins/flights/model';

describe('flights model public API', () => {
  it.each([
    'incrementPassenger', 'decrementPassenger', 'canIncrement', 'canDecrement', 'setPassengerCount', 'isValidPassengerCounts',
    'initialSearchState', 'searchStateReducer', 'changeJourneyType', 'toSearchRequest', 'canSearch',
    'initialDateRange', 'pickDate', 'pickReturnDate', 'removeReturn', 'resetDateRange', 'dateRangeReducer',
    'sortOffers', 'compareOffers', 'offerPrice', 'cheapestBookingSummary', 'upsertCheapestBookingDay', 'sortWithSummary',
    'applyFilters', 'applyAlwaysOnRules', 'matchesFilters', 'filterOptions', 'airlineList', 'resetFilters', 'filtersReducer', 'timeBandOf',
    'selectFlight', 'clearSelection', 'visibleOffers', 'sameOfferId', 'priceDetailOf', 'customerPriceDetail', 'grandTotal', 'selectionReducer',
    'addLeg', 'removeLeg', 'sortLegs', 'defaultLegDate', 'setQuoteStatus', 'toSearchLegs', 'multiFlightReducer',
  ])('exports %s', (name) => expect(typeof (model as Record<string, unknown>)[name]).toBe('function'));
});
