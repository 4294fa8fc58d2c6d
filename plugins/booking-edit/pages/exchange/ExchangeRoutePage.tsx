/**
 * /booking/edit/exchange-route/:id: new flights for one journey of an issued booking. The same route is searched
 * on another date through the ordinary flight search (offers of the PNR's airline and source only); choosing a
 * flight and class asks the gateway for the quote, stated in plain words (what is paid more and of what: fare
 * difference, the agency's fee, the carrier's penalty) before anything is committed; confirming pays it from
 * the deposit (PIN) and the airline reissues the tickets.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Radio, Select, Skeleton, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useDataProvider, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { exchangeWords, type ExchangeLine, type ExchangeQuoteAnswer, type ExchangeRequest } from '../../../../contract/aftersale-exchange';
import type { FlightOffer, SearchStarted } from '../../../../contract/flights';
import { expandSearchPoll, type SearchPollWire } from '../../../../contract/flights-poll';
import { formatVnd } from '../../../../src/sdk';
import { afterSaleUrl, FLIGHT_SEARCH_URL, QUIET } from '../../api';
import { PaidEditFrame, PaidTotal, useAfterSaleHub, useBookingId } from '../../components/PaidEditFrame';
import { usePaidEdit } from '../../components/use-paid-edit';

type Direction = 'depart' | 'return';

interface Found {
  sessionId: string;
  offers: FlightOffer[];
}

const hm = (local: string) => local.slice(11, 16);

export default function ExchangeRoutePage() {
  const { t } = useTranslation();
  const { bookingId, valid } = useBookingId();
  const hubQuery = useAfterSaleHub(bookingId, valid);
  const hub = hubQuery.data?.data;
  const dataProvider = useDataProvider();
  const [pnrCode, setPnrCode] = useState<string | null>(null);
  const record = hub?.pnrs.find((p) => p.pnr === pnrCode) ?? hub?.pnrs[0];
  const directions = [...new Set((record?.segments ?? []).map((s) => s.direction))];
  const [direction, setDirection] = useState<Direction>('depart');
  const held = (record?.segments ?? []).filter((s) => s.direction === direction);
  const [date, setDate] = useState<Dayjs | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ offerId: string; class: string } | null>(null);
  const [quote, setQuote] = useState<ExchangeQuoteAnswer | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const paid = usePaidEdit<Omit<ExchangeRequest, 'idempotencyKey'>>(afterSaleUrl.exchange(bookingId));

  // the day after the journey held, as a first proposal
  useEffect(() => {
    if (held[0] && !date) setDate(dayjs(held[0].departDate.slice(0, 10)).add(1, 'day'));
  }, [held, date]);
  useEffect(() => () => abort.current?.abort(), []);
  // the quote appears below a long list of flights: bring it into view
  const quoteCard = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (quote) quoteCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [quote]);

  const reset = () => {
    setFound(null);
    setChoice(null);
    setQuote(null);
    setQuoteError(null);
    paid.setOutcome(null);
  };

  const search = async () => {
    const { custom } = dataProvider();
    if (!custom || !record || !held[0] || !date) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const meta = { ...QUIET, signal: controller.signal };
    reset();
    setSearching(true);
    setSearchError(null);
    const n = (type: string) => record.names.filter((x) => x.paxType === type).length;
    try {
      const { data: started } = await custom<SearchStarted>({
        url: FLIGHT_SEARCH_URL.start,
        method: 'post',
        payload: { journeyType: 'OW', legs: [{ from: held[0].from, to: held[held.length - 1].to, departDate: date.format('YYYY-MM-DD') }], adt: n('ADT'), chd: n('CHD'), inf: n('INF') },
        meta,
      });
      const offers: FlightOffer[] = [];
      let cursor = 0;
      for (;;) {
        const poll = expandSearchPoll((await custom<SearchPollWire>({ url: FLIGHT_SEARCH_URL.poll(started.sessionId), method: 'get', query: { since: cursor, waitMs: 5000 }, meta })).data);
        if (controller.signal.aborted) return;
        cursor = poll.cursor;
        offers.push(...poll.offers.filter((o) => o.airline === record.airline && o.source === record.source && !o.combineSegment));
        if (poll.done) break;
      }
      offers.sort((a, b) => a.departDateTime.localeCompare(b.departDateTime));
      setFound({ sessionId: started.sessionId, offers });
    } catch (e) {
      if (!controller.signal.aborted) setSearchError((e as HttpError).message || t('aftersale.exchange.searchFailed'));
    } finally {
      if (!controller.signal.aborted) setSearching(false);
    }
  };

  const askQuote = async (offerId: string, cls: string) => {
    const { custom } = dataProvider();
    if (!custom || !record || !found) return;
    setChoice({ offerId, class: cls });
    setQuote(null);
    setQuoteError(null);
    paid.setOutcome(null);
    setQuoting(true);
    try {
      const { data } = await custom<ExchangeQuoteAnswer>({
        url: afterSaleUrl.exchangeQuote(bookingId),
        method: 'get',
        query: { pnr: record.pnr, direction, sessionId: found.sessionId, offerId, class: cls },
        meta: QUIET,
      });
      setQuote(data);
    } catch (e) {
      setQuoteError((e as HttpError).message || t('aftersale.exchange.quoteFailed'));
    } finally {
      setQuoting(false);
    }
  };

  const words = quote ? exchangeWords(quote.quote) : null;
  const sentence = words
    ? t(`aftersale.exchange.words.${words.key}`, {
        total: formatVnd(words.total),
        residual: formatVnd(words.residual),
        parts: words.parts.map((p) => t(`aftersale.exchange.part.${p.part}`, { amount: formatVnd(p.amount) })).join(', '),
      })
    : '';

  const submit = () => {
    if (!quote || !record || !found || !choice) return;
    paid.confirm(
      quote.quote.total,
      <div>
        <p>
          {quote.oldSegments.map((s) => `${s.flightNo} ${s.departDate.replace('T', ' ')}`).join(', ')} → <strong>{quote.newSegments.map((s) => `${s.flightNo} ${s.departDate.replace('T', ' ')}`).join(', ')}</strong>
        </p>
        <p data-testid="exchange-confirm-words">{sentence}</p>
      </div>,
      [{ pnr: record.pnr, direction, sessionId: found.sessionId, offerId: choice.offerId, class: choice.class, total: quote.quote.total }],
      () => {
        setFound(null);
        setChoice(null);
        setQuote(null);
      },
    );
  };

  return (
    <PaidEditFrame titleKey="aftersale.exchange.title" bookingId={bookingId} valid={valid} read={hubQuery} loaded={!!hub} outcome={paid.outcome} testId="exchange-route-page">
      {hub && hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
      {record && (
        <Card size="small" title={t('aftersale.exchange.held')}>
          <div className="bke-pax-pick">
            {hub && hub.pnrs.length > 1 && (
              <Select
                className="bke-select"
                value={record.pnr}
                onChange={(v: string) => {
                  setPnrCode(v);
                  setDate(null);
                  reset();
                }}
                options={hub.pnrs.map((p) => ({ value: p.pnr, label: `${p.airline} · ${p.pnr}` }))}
                aria-label="PNR"
              />
            )}
            {directions.length > 1 && (
              <Radio.Group
                value={direction}
                optionType="button"
                onChange={(e) => {
                  setDirection(e.target.value as Direction);
                  setDate(null);
                  reset();
                }}
                options={directions.map((d) => ({ value: d, label: t(`aftersale.exchange.direction.${d}`) }))}
              />
            )}
          </div>
          <div data-testid="exchange-held">
            {held.map((s) => (
              <div key={s.segId} className="bke-row">
                <strong>
                  {s.flightNo} · {s.from} → {s.to}
                </strong>
                <span>
                  {s.departDate.replace('T', ' ')} – {hm(s.arrivalDate)} · {t('aftersale.pnr.class')} {s.class}
                </span>
              </div>
            ))}
          </div>
          <div className="bke-exchange-search">
            <label htmlFor="exchange-date">{t('aftersale.exchange.newDate')}</label>
            <DatePicker
              id="exchange-date"
              value={date}
              format="DD/MM/YYYY"
              allowClear={false}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              onChange={(d) => {
                setDate(d);
                reset();
              }}
              data-testid="exchange-date"
            />
            <Button type="primary" icon={<SearchOutlined />} loading={searching} onClick={() => void search()} disabled={!date} data-testid="exchange-search">
              {t('aftersale.exchange.search')}
            </Button>
          </div>
        </Card>
      )}
      {searchError && <Alert type="error" showIcon message={searchError} action={<Button size="small" onClick={() => void search()}>{t('aftersale.exchange.retry')}</Button>} />}
      {searching && <Skeleton active paragraph={{ rows: 4 }} />}
      {found && found.offers.length === 0 && <Empty description={t('aftersale.exchange.noFlights', { airline: record?.airline })} />}
      {found && found.offers.length > 0 && (
        <Card size="small" title={t('aftersale.exchange.flights')} data-testid="exchange-flights">
          {found.offers.map((o) => {
            const sameFlight = o.routeInfo.length === held.length && o.routeInfo.every((l, i) => l.flightNo === held[i]?.flightNo && l.departDate === held[i]?.departDate);
            const classes = o.priceInfo.filter((p) => p.seatAvailable > 0);
            return (
              <div key={o.id} className="bke-row" data-testid="exchange-offer" data-offer={o.id}>
                <div>
                  <strong>{o.routeInfo.map((l) => l.flightNo).join(' + ')}</strong> · {hm(o.departDateTime)} – {hm(o.arrivalDateTime)}
                  {sameFlight && <div className="muted">{t('aftersale.exchange.current')}</div>}
                </div>
                <Select
                  className="bke-select"
                  placeholder={t('aftersale.exchange.chooseClass')}
                  disabled={sameFlight || classes.length === 0}
                  value={choice?.offerId === o.id ? choice.class : undefined}
                  onChange={(cls: string) => void askQuote(o.id, cls)}
                  aria-label={t('aftersale.exchange.classOf', { flight: o.routeInfo.map((l) => l.flightNo).join(' + ') })}
                  data-testid={`exchange-class-${o.id}`}
                  options={classes.map((p) => ({ value: p.class, label: `${p.class} · ${p.fareInfo.fareFamily} · ${formatVnd(p.fareADT + p.taxADT + p.vatADT)}` }))}
                />
              </div>
            );
          })}
        </Card>
      )}
      {quoting && <Skeleton active paragraph={{ rows: 3 }} />}
      {quoteError && <Alert type="warning" showIcon message={quoteError} data-testid="exchange-quote-error" />}
      {quote && words && (
        <div ref={quoteCard}>
        <Card size="small" title={t('aftersale.exchange.quote')} data-testid="exchange-quote" data-total={quote.quote.total} data-penalty={quote.quote.penalty}>
          <Alert type={words.key === 'payMore' ? 'info' : 'warning'} showIcon message={<span data-testid="exchange-words">{sentence}</span>} />
          <Table<ExchangeLine>
            size="small"
            rowKey="paxType"
            pagination={false}
            scroll={{ x: 520 }}
            className="bke-docs"
            dataSource={quote.lines}
            columns={[
              { title: t('aftersale.pnr.passengers'), key: 'p', render: (_: unknown, l) => `${t(`aftersale.paxType.${l.paxType}`)} × ${l.count}` },
              { title: t('aftersale.exchange.oldFare'), key: 'o', align: 'right', render: (_: unknown, l) => formatVnd(l.oldFare) },
              { title: t('aftersale.exchange.newFare'), key: 'n', align: 'right', render: (_: unknown, l) => formatVnd(l.newFare) },
              { title: t('aftersale.exchange.changeFee'), key: 'f', align: 'right', render: (_: unknown, l) => formatVnd(l.changeFee) },
              { title: t('aftersale.exchange.penalty'), key: 'x', align: 'right', render: (_: unknown, l) => formatVnd(l.penalty) },
            ]}
          />
          <p className="muted bke-docs">
            {t('aftersale.exchange.rule', { family: quote.fareFamily })}: {quote.changeRule}
          </p>
        </Card>
        </div>
      )}
      {record && (
        <PaidTotal
          total={quote?.quote.total ?? 0}
          totalTestId="exchange-total"
          buttonTestId="exchange-buy"
          label={t('aftersale.exchange.buy')}
          disabled={!quote}
          running={paid.running}
          onPay={submit}
        />
      )}
    </PaidEditFrame>
  );
}
