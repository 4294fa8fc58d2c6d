/**
 * The results of one search session: depart and return tabs, the cheapest-booking strip, the airline list,
 * sort / price select / hide-issue-fee, the per-direction filters (a drawer on small screens), the
 * virtualised list, the selected-flight panel with the other flights of the selection's airline, and the detail
 * drawer, fare-rule dialog and quotes.
 * Every rule comes from the model: applyAlwaysOnRules, matchesFilters, filterOptions, sortWithSummary,
 * visibleOffers, selectionReducer.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import { Alert, Button, Drawer, Empty, Skeleton, Tabs } from 'antd';
import { useCustom } from '@refinedev/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CheapestBookingDay, FlightOffer, FlightSearchRequest, PriceInfo } from '../../../contract/flights';
import type { AirlineFareRuleQuery } from '../../../contract/slots';
import { serverNow, useAfterPaint, useIsSmall, usePreloadOfferTags } from '../../../src/sdk';
import { FLIGHTS_API, rowsOf, QUIET_READ } from '../api';
import type { FlightSearchSession } from '../hooks/use-flight-search';
import {
  applyAlwaysOnRules, cheapestBookingSummary, cheapestFareClass, DATE_FORMAT, DEFAULT_PRICE_MODE, DEFAULT_SORT, filterOptions, filtersReducer,
  initialDirectionFilters, initialFilters, initialSelectedFlightSession, matchesFilters, priceDetailOf, routeKey,
  quoteStatusOf, seatsNeeded, selectionReducer, setQuoteStatus, sortOffers, upsertCheapestBookingDay, visibleOffers,
  type Direction, type FlightFilters, type PriceMode, type PricingContext, type QuoteStatusById, type SelectedFlightSession, type Side, type SortOption,
} from '../model';
import type { QuoteItem } from '../quote';
import { AirlineStrip } from './AirlineStrip';
import { CheapestStrip } from './CheapestStrip';
import { FareRuleDialog } from './FareRuleDialog';
import { FilterPanel } from './FilterPanel';
import { FlightDetailDrawer } from './FlightDetailDrawer';
import { OfferList } from './OfferList';
import { OtherFlightsPanel } from './OtherFlightsPanel';
import { QuoteModal } from './QuoteModal';
import { ResultsToolbar } from './ResultsToolbar';
import { SearchProgress } from './SearchProgress';
import { SelectedFlightPanel } from './SelectedFlightPanel';

export interface ResultsBoardProps {
  request: FlightSearchRequest;
  search: FlightSearchSession & { retry: () => void };
  today: string;
  /** A day chosen in the cheapest strip or the empty state: search that day. */
  onPickDate: (direction: Direction, date: string) => void;
  /** Time for the QH cut-off; default now. */
  now?: number;
  /** Multi-city: the leg number shown instead of "Chiều đi". */
  legNumber?: number;
  onContinue?: (session: SelectedFlightSession) => void;
  onSelectionChange?: (session: SelectedFlightSession) => void;
}

function countActive(f: FlightFilters): number {
  const d = initialFilters();
  return Number(f.flight !== d.flight) + Number(!!f.price) + f.utilities.length + f.cabinClasses.length + f.airlines.length
    + f.systems.length + f.departureTimes.length + f.arrivalTimes.length;
}

const shiftDay = (date: string, n: number) => dayjs(date).add(n, 'day').format(DATE_FORMAT);

export function ResultsBoard({ request, search, today, onPickDate, now: nowProp, legNumber, onContinue, onSelectionChange }: ResultsBoardProps) {
  const { t } = useTranslation();
  const small = useIsSmall();
  const sides: Direction[] = request.journeyType === 'RT' ? ['depart', 'return'] : ['depart'];
  const [tab, setTab] = useState<Direction>('depart');
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [priceMode, setPriceMode] = useState<PriceMode>(DEFAULT_PRICE_MODE);
  const [filters, dispatchFilters] = useReducer(filtersReducer, undefined, initialDirectionFilters);
  const [selection, dispatchSelection] = useReducer(selectionReducer, undefined, () => initialSelectedFlightSession({
    departureCity: request.legs[0].from, arrivalCity: request.legs[0].to,
  }));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [detail, setDetail] = useState<{ offer: FlightOffer; cls?: PriceInfo } | null>(null);
  const [fareRule, setFareRule] = useState<(AirlineFareRuleQuery & { title: string }) | null>(null);
  const [quote, setQuote] = useState<{ mode: 'text' | 'image'; items: QuoteItem[] } | null>(null);
  const [quoteStatus, setQuoteStatusMap] = useState<QuoteStatusById>({});
  const [now] = useState(() => nowProp ?? serverNow());
  // the cards' tags from other plugins, fetched before the first offers arrive (a reload or back lands here first)
  usePreloadOfferTags();

  useEffect(() => { onSelectionChange?.(selection); }, [selection, onSelectionChange]);

  const leg = request.legs[0];
  const routeOf = (d: Direction) => (d === 'depart' ? { from: leg.from, to: leg.to, date: leg.departDate } : { from: leg.to, to: leg.from, date: request.returnDate ?? leg.departDate });
  const current = routeOf(tab);

  const ctx: PricingContext = useMemo(() => ({
    counts: { adt: request.adt, chd: request.chd, inf: request.inf }, bookingFees: search.bookingFees, domestic: !search.isInternational,
  }), [request.adt, request.chd, request.inf, search.bookingFees, search.isInternational]);
  const seats = seatsNeeded(ctx.counts);

  // the always-on rules (QH cut-off, VN list) once per direction
  const base = useMemo(() => {
    const kept = applyAlwaysOnRules(search.offers, now);
    return { depart: kept.filter((o) => o.direction === 'depart'), return: kept.filter((o) => o.direction === 'return') };
  }, [search.offers, now]);

  // asked once the search has its first offers (or has ended): on the gateway the strip prices every day of
  // the week over every source, work that would otherwise delay the search's start and its first answer
  const stripReady = search.offers.length > 0 || search.status === 'done' || search.status === 'error';
  const cheapest = useCustom<CheapestBookingDay[]>({
    url: FLIGHTS_API.cheapest,
    method: 'get',
    config: { query: { from: current.from, to: current.to, date: current.date, days: 7, mode: priceMode } },
    meta: QUIET_READ,
    errorNotification: false,
    queryOptions: { staleTime: 60_000, enabled: stripReady },
    // no elapsed-time ticks: they would re-render the whole board every second while the strip loads
    overtimeOptions: { enabled: false },
  });
  const cheapestData = cheapest.result.data;

  const view = useMemo(() => {
    const list = base[tab];
    const options = filterOptions(list, priceMode);
    const filtered = list.filter((o) => matchesFilters(o, filters[tab], priceMode));
    const sorted = sortOffers(filtered, sort, priceMode);
    // best-price sort updates the day's cheapest-booking summary; the strip's days are priced in the list's
    // price mode, so the searched day is summarised the same way, over every offer that may be shown
    const fetched = rowsOf<CheapestBookingDay>(cheapestData);
    const today = sort === 'U_BEST_PRICE' ? cheapestBookingSummary(list, routeKey(current.from, current.to), current.date, priceMode) : null;
    const summaries = today ? upsertCheapestBookingDay(fetched, today) : fetched;
    return { options, sorted, summaries, visible: visibleOffers(sorted, selection[tab].id) };
  }, [base, tab, filters, priceMode, sort, current.from, current.to, current.date, cheapestData, selection]);

  // While a search runs, the filters and the selection panel (many antd parts, whose styles are made at their
  // first use) come in the frame after the first cards are painted, so they never hold the first cards back.
  const hasCards = view.visible.length > 0;
  const asidesShown = useAfterPaint(hasCards || (search.status !== 'running' && search.status !== 'idle'), search.status === 'done' || search.status === 'error');

  const select = (side: Side) => (offer: FlightOffer, fareClass?: string) => {
    const other: Side = side === 'depart' ? 'return' : 'depart';
    const wasSelected = selection[side].id;
    dispatchSelection({ type: 'SELECT', side, offer, ctx, options: { fareClass, otherList: base[other] } });
    // after choosing a departure, go on to the return
    if (side === 'depart' && sides.length === 2 && !wasSelected && !selection.return.id) setTab('return');
  };

  const openFareRule = (offer: FlightOffer, cls: PriceInfo) => setFareRule({
    title: `${offer.routeInfo[0].flightNo} · ${cls.class}`,
    source: offer.source, airline: offer.airline, class: cls.class, fareBasis: cls.fareInfo.fareBasis, international: search.isInternational,
  });

  const quoteOffer = (offer: FlightOffer) => {
    setQuoteStatusMap((m) => setQuoteStatus(m, offer.id, 'done'));
    setQuote({ mode: 'text', items: [{ part: legNumber ?? 'depart', offer, detail: priceDetailOf(offer, cheapestFareClass(offer, priceMode), ctx) }] });
  };
  const selectionItems = (): QuoteItem[] => sides.flatMap((s) => {
    const side = selection[s];
    return side.data && side.priceDetail ? [{ part: legNumber ?? s, offer: side.data, detail: side.priceDetail }] : [];
  });

  const running = search.status === 'running';
  const filterPanel = (
    <FilterPanel direction={tab} filters={filters[tab]} options={view.options} dispatch={dispatchFilters} />
  );
  const noOffersYet = running && base[tab].length === 0;
  const doneEmpty = !running && search.status !== 'error' && view.visible.length === 0;

  const pane = (
    <div className="fl-board-main">
      <CheapestStrip
        days={view.summaries}
        route={routeKey(current.from, current.to)}
        date={current.date}
        today={today}
        loading={!stripReady || cheapest.query.isLoading}
        onPick={(date) => onPickDate(tab, date)}
      />
      <AirlineStrip
        airlines={view.options.airlines}
        active={filters[tab].airlines}
        label={t('flights.results.airlines')}
        onToggle={(code) => dispatchFilters({ type: 'TOGGLE_AIRLINE', direction: tab, value: code })}
      />
      <ResultsToolbar
        sort={sort}
        onSort={setSort}
        priceMode={priceMode}
        onPriceMode={setPriceMode}
        hiddenIssueFee={selection.hiddenIssueFee}
        onHiddenIssueFee={(value) => dispatchSelection({ type: 'SET_HIDDEN_ISSUE_FEE', value })}
        count={view.visible.length}
        small={small}
        activeFilters={countActive(filters[tab])}
        onOpenFilters={() => setFiltersOpen(true)}
      />
      {noOffersYet ? (
        <div className="fl-skeletons" data-testid="results-loading" aria-busy="true">
          {[0, 1, 2].map((i) => <Skeleton key={i} active avatar paragraph={{ rows: 2 }} className="fl-offer-skeleton" />)}
        </div>
      ) : doneEmpty ? (
        <Empty
          data-testid="results-empty"
          description={
            <span>
              <strong>{t(base[tab].length ? 'flights.results.emptyFiltered' : 'flights.results.empty')}</strong>
              <br />
              <span className="muted">{t(base[tab].length ? 'flights.results.emptyFilteredHint' : 'flights.results.emptyHint')}</span>
            </span>
          }
        >
          {base[tab].length ? (
            <Button onClick={() => dispatchFilters({ type: 'RESET_FILTERS', direction: tab })}>{t('flights.filters.reset')}</Button>
          ) : (
            <div className="fl-empty-days">
              {[-1, 1].map((n) => {
                const day = shiftDay(current.date, n);
                return (
                  <Button key={n} disabled={day < today} onClick={() => onPickDate(tab, day)}>
                    {t(n < 0 ? 'flights.results.prevDay' : 'flights.results.nextDay', { date: dayjs(day).format('DD/MM') })}
                  </Button>
                );
              })}
            </div>
          )}
        </Empty>
      ) : (
        <OfferList
          offers={view.visible}
          selectedId={selection[tab].id}
          selectedClass={selection[tab].priceDetail?.class}
          priceMode={priceMode}
          seats={seats}
          onSelect={select(tab)}
          onDetail={(offer) => setDetail({ offer, cls: offer.id === selection[tab].id ? offer.priceInfo.find((p) => p.class === selection[tab].priceDetail?.class) : cheapestFareClass(offer, priceMode) })}
          onFareRule={openFareRule}
          onQuote={quoteOffer}
          quoted={(id) => quoteStatusOf(quoteStatus, id) === 'done'}
        />
      )}
    </div>
  );

  const sideLabel = (s: Side) => (legNumber ? t('flights.multi.leg', { n: legNumber }) : t(`flights.results.tab.${s}`));

  return (
    <div className="fl-board" data-testid="results-board">
      <SearchProgress tasks={search.tasks} total={search.total} completed={search.completed} running={running} />
      {search.status === 'error' && (
        <Alert
          type="error"
          showIcon
          data-testid="search-error"
          message={t('flights.results.error')}
          description={search.error}
          action={<Button onClick={search.retry}>{t('flights.results.retry')}</Button>}
        />
      )}
      {sides.length === 2 && (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Direction)}
          className="fl-tabs"
          items={sides.map((s) => {
            const r = routeOf(s);
            return {
              key: s,
              label: (
                <span data-testid={`tab-${s}`}>
                  {t(`flights.results.tab.${s}`)} · {r.from} → {r.to} · {dayjs(r.date).format('DD/MM')}
                  {selection[s].id ? ' ✓' : ''}
                </span>
              ),
            };
          })}
        />
      )}
      <div className="fl-board-body">
        {!small && <aside className="fl-board-filters">{asidesShown && filterPanel}</aside>}
        {pane}
        <aside className="fl-board-selected">
          {asidesShown && <SelectedFlightPanel
            session={selection}
            sides={sides}
            sideLabel={sideLabel}
            onClear={(side) => dispatchSelection({ type: 'CLEAR', side })}
            onQuote={() => setQuote({ mode: 'text', items: selectionItems() })}
            onQuoteImage={() => setQuote({ mode: 'image', items: selectionItems() })}
            onContinue={onContinue ? () => onContinue(selection) : undefined}
          />}
          {selection[tab].data && (
            <OtherFlightsPanel offer={selection[tab].data} offers={base[tab]} priceMode={priceMode} seats={seats} onSwitch={(offer) => select(tab)(offer)} />
          )}
        </aside>
      </div>
      {small && (
        <Drawer open={filtersOpen} onClose={() => setFiltersOpen(false)} title={t('flights.filters.title')} placement="left" width="88%" destroyOnHidden>
          {filterPanel}
        </Drawer>
      )}
      <FlightDetailDrawer offer={detail?.offer ?? null} fareClass={detail?.cls} onClose={() => setDetail(null)} />
      <FareRuleDialog query={fareRule} onClose={() => setFareRule(null)} />
      <QuoteModal open={!!quote} mode={quote?.mode ?? 'text'} items={quote?.items ?? []} hiddenIssueFee={selection.hiddenIssueFee} onClose={() => setQuote(null)} />
    </div>
  );
}
