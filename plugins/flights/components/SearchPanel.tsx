/**
 * The flight search panel (home page and the results page's search modal): places with a swap button,
 * journey type OW / RT / multi-city (default OW), search type, the date-range picker, passenger counts and
 * per-airline promotion codes. State lives in the model's reducers (search-state, date-range, multi-leg);
 * the panel only renders it and dispatches.
 */
import { lazy, Suspense, useReducer, useState } from 'react';
import { Alert, Button, Collapse, Radio, Select, Tooltip } from 'antd';
// the input alone (as the sign-in page): antd's Input export brings TextArea, Search, OTP and Password with it
import Input from 'antd/es/input/Input';
import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlightSearchRequest } from '../../../contract/flights';
import { AIRLINES_DOMESTIC, SEARCH_TYPES, type JourneyType } from '../../../contract/flights-rules';
import {
  canSearch, dateRangeReducer, initialDateRange, initialMultiFlightState, initialSearchState, multiFlightReducer,
  passengerCountsOf, pickDate, searchStateReducer, toSearchLegs, toSearchRequest,
  type DateRange, type FlightSearchState, type MultiFlightState,
} from '../model';
import { businessToday } from '../../../src/sdk';
import { DateRangeField } from './DateRangeField';
import { PassengerPicker } from './PassengerPicker';
import { PlacePicker } from './PlacePicker';

// the multi-city editor (with antd's DatePicker) is its own chunk: most searches never open it; the panel fetches
// it as soon as it is touched (preloadSearchPanelParts), so it is there by the time multi-city is chosen
let legsEditorLoad: Promise<typeof import('./LegsEditor')> | null = null;
const loadLegsEditor = () => {
  legsEditorLoad ??= import('./LegsEditor').catch((error: unknown) => {
    legsEditorLoad = null; // tried again on the next touch or render
    throw error;
  });
  return legsEditorLoad;
};
const LegsEditor = lazy(() => loadLegsEditor().then((m) => ({ default: m.LegsEditor })));

/** Fetches the code of the panel's parts that are not shown at first (the multi-city editor). */
export function preloadSearchPanelParts(): void {
  loadLegsEditor().catch(() => undefined);
}

export interface SearchPanelProps {
  /** A search to start from (the one in the URL), else the defaults of spec point 3. */
  initial?: FlightSearchRequest | null;
  onSearch: (request: FlightSearchRequest) => void;
  /** 'YYYY-MM-DD'; defaults to the local today. */
  today?: string;
  /** The journey type to start with when there is no initial search (default OW). */
  journeyType?: JourneyType;
}

function initState({ initial, journeyType }: { initial?: FlightSearchRequest | null; journeyType?: JourneyType }): FlightSearchState {
  let s = initialSearchState();
  if (!initial) return journeyType ? searchStateReducer(s, { type: 'SET_JOURNEY_TYPE', journeyType }) : s;
  s = searchStateReducer(s, { type: 'SET_JOURNEY_TYPE', journeyType: initial.journeyType });
  s = searchStateReducer(s, { type: 'SET_SEARCH_TYPE', searchType: initial.searchType });
  if (initial.journeyType !== 'MC') {
    s = searchStateReducer(s, { type: 'SET_DEPARTURE_PLACE', place: { value: initial.legs[0].from } });
    s = searchStateReducer(s, { type: 'SET_ARRIVAL_PLACE', place: { value: initial.legs[0].to } });
  }
  s = searchStateReducer(s, { type: 'SET_PASSENGER_COUNT', paxType: 'adt', value: initial.adt });
  s = searchStateReducer(s, { type: 'SET_PASSENGER_COUNT', paxType: 'chd', value: initial.chd });
  s = searchStateReducer(s, { type: 'SET_PASSENGER_COUNT', paxType: 'inf', value: initial.inf });
  for (const airline of AIRLINES_DOMESTIC) {
    const code = initial.promotionCodes[airline];
    if (code) s = searchStateReducer(s, { type: 'SET_PROMOTION_CODE', airline, code });
  }
  return s;
}

function initRange(initial: FlightSearchRequest | null | undefined, today: string): DateRange {
  let r = initialDateRange(today);
  if (!initial || initial.journeyType === 'MC' || initial.legs[0].departDate < today) return r;
  r = pickDate(r, initial.legs[0].departDate, initial.journeyType);
  if (initial.journeyType === 'RT' && initial.returnDate) r = pickDate(r, initial.returnDate, 'RT');
  return r;
}

function initLegs(initial: FlightSearchRequest | null | undefined, today: string): MultiFlightState {
  const state = initialMultiFlightState(today);
  if (!initial || initial.journeyType !== 'MC') return state;
  return {
    ...state,
    legs: initial.legs.map((l, i) => ({
      ...(state.legs[i] ?? state.legs[0]), from: l.from, to: l.to, departureTime: l.departDate < today ? today : l.departDate,
      selectedDeparture: { value: l.from }, selectedArrival: { value: l.to },
    })),
  };
}

const JOURNEYS: JourneyType[] = ['OW', 'RT', 'MC'];

export function SearchPanel({ initial, onSearch, today: todayProp, journeyType }: SearchPanelProps) {
  const { t } = useTranslation();
  const [today] = useState(() => todayProp ?? businessToday());
  const [search, dispatch] = useReducer(searchStateReducer, { initial, journeyType }, initState);
  const [range, dispatchRange] = useReducer(dateRangeReducer, undefined, () => initRange(initial, today));
  const [multi, dispatchMulti] = useReducer(multiFlightReducer, undefined, () => initLegs(initial, today));
  const [tried, setTried] = useState(false);

  const dates = { departureTime: range.departureTime, arrivalTime: range.arrivalTime };
  const legs = toSearchLegs(multi.legs);
  const ready = canSearch(search, dates, legs);
  const counts = passengerCountsOf(search);

  const setJourney = (journeyType: JourneyType) => {
    dispatch({ type: 'SET_JOURNEY_TYPE', journeyType });
    dispatchRange({ type: 'SET_JOURNEY_TYPE', journeyType });
  };

  const submit = () => {
    if (!ready) {
      setTried(true);
      return;
    }
    // a complete search leaves at once: no render of the panel (React's, in the click's own microtasks) comes
    // before the search's start request is sent
    onSearch(toSearchRequest(search, dates, legs));
  };

  const problem = !tried || ready ? '' : search.journeyType !== 'MC' && search.from && search.from === search.to
    ? t('flights.search.samePlace')
    : search.journeyType === 'RT' && !range.arrivalTime ? t('flights.search.needReturn') : t('flights.search.incomplete');

  return (
    <form
      className="fl-search-panel"
      data-testid="flight-search-panel"
      aria-label={t('flights.search.title')}
      onSubmit={(e) => { e.preventDefault(); submit(); }}
    >
      <div className="fl-search-top">
        <Radio.Group
          value={search.journeyType}
          onChange={(e) => setJourney(e.target.value as JourneyType)}
          optionType="button"
          buttonStyle="solid"
          aria-label={t('flights.search.journeyType')}
          options={JOURNEYS.map((j) => ({ value: j, label: t(`flights.search.journey.${j}`) }))}
        />
        <Select
          className="fl-search-type"
          aria-label={t('flights.search.searchType')}
          value={search.searchType}
          onChange={(searchType) => dispatch({ type: 'SET_SEARCH_TYPE', searchType })}
          options={SEARCH_TYPES.map((st) => ({ value: st, label: t(`flights.search.searchTypes.${st}`) }))}
          popupMatchSelectWidth={false}
        />
      </div>

      {search.journeyType === 'MC' ? (
        <Suspense fallback={<div className="fl-legs-loading" aria-busy="true" />}>
          <LegsEditor legs={multi.legs} dispatch={dispatchMulti} today={today} showErrors={tried} />
        </Suspense>
      ) : (
        <div className="fl-search-grid">
          <div className="fl-places">
            <div className="fl-field fl-place-field">
              <span className="fl-field-label">{t('flights.search.from')}</span>
              <PlacePicker
                id="flight-from"
                aria-label={t('flights.search.from')}
                value={search.from}
                placeholder={t('flights.search.fromPlaceholder')}
                status={tried && !search.from ? 'error' : undefined}
                onChange={(code, a) => dispatch({ type: 'SET_DEPARTURE_PLACE', place: code ? { value: code, label: a?.cityVi } : null })}
              />
            </div>
            <Tooltip title={t('flights.search.swap')}>
              <Button
                className="fl-swap"
                shape="circle"
                icon={<SwapOutlined />}
                aria-label={t('flights.search.swap')}
                onClick={() => dispatch({ type: 'SWAP_PLACES' })}
              />
            </Tooltip>
            <div className="fl-field fl-place-field">
              <span className="fl-field-label">{t('flights.search.to')}</span>
              <PlacePicker
                id="flight-to"
                aria-label={t('flights.search.to')}
                value={search.to}
                placeholder={t('flights.search.toPlaceholder')}
                status={tried && (!search.to || search.to === search.from) ? 'error' : undefined}
                onChange={(code, a) => dispatch({ type: 'SET_ARRIVAL_PLACE', place: code ? { value: code, label: a?.cityVi } : null })}
              />
            </div>
          </div>
          <DateRangeField range={range} dispatch={dispatchRange} journeyType={search.journeyType} today={today} />
          <PassengerPicker
            counts={counts}
            onIncrement={(paxType) => dispatch({ type: 'INCREMENT_PASSENGER', paxType })}
            onDecrement={(paxType) => dispatch({ type: 'DECREMENT_PASSENGER', paxType })}
          />
        </div>
      )}
      {search.journeyType === 'MC' && (
        <div className="fl-search-grid fl-search-grid-mc">
          <PassengerPicker
            counts={counts}
            onIncrement={(paxType) => dispatch({ type: 'INCREMENT_PASSENGER', paxType })}
            onDecrement={(paxType) => dispatch({ type: 'DECREMENT_PASSENGER', paxType })}
          />
        </div>
      )}

      <Collapse
        ghost
        size="small"
        className="fl-promo"
        items={[{
          key: 'promo',
          label: t('flights.search.promo'),
          children: (
            <div className="fl-promo-grid">
              {AIRLINES_DOMESTIC.map((airline) => (
                <Input
                  key={airline}
                  addonBefore={airline}
                  maxLength={20}
                  aria-label={t('flights.search.promoFor', { airline })}
                  placeholder={t('flights.search.promoCode')}
                  value={search.promotionCodes[airline]}
                  onChange={(e) => dispatch({ type: 'SET_PROMOTION_CODE', airline, code: e.target.value.toUpperCase() })}
                />
              ))}
            </div>
          ),
        }]}
      />

      {problem && <Alert type="warning" showIcon message={problem} className="fl-search-alert" />}
      <div className="fl-search-actions">
        <Button type="primary" htmlType="submit" size="large" icon={<SearchOutlined />} data-testid="search-submit">
          {t('flights.search.submit')}
        </Button>
      </div>
    </form>
  );
}
