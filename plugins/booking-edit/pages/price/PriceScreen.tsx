/**
 * quote-best-price and process-price (as14b): one screen over contract/aftersale-price.ts. The quote is read first
 * (nothing changes): per fare component the fare held and the new one with their conditions in words, per
 * passenger the old and new amounts, the total saving or rise, and what the issue will charge. Confirming asks
 * first (a rise is stated), then stores the new fares; a price that moved meanwhile (409 quoteChanged) shows the
 * new quote to confirm again. Nothing is charged here: the issue charges the new amount.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Select, Table, Tag } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { conditionsLost, priceMove, PRICE_API, type FareTerms, type PriceLine, type PriceQuote, type PriceResult, type PriceScreen as Screen } from '../../../../contract/aftersale-price';
import { formatDateTime, formatVnd, isApiError, linkTo, PAGES } from '../../../../src/sdk';
import { COMMAND, newKey, QUIET } from '../../api';
import { PaidEditFrame, useBookingId } from '../../components/PaidEditFrame';
import type { Outcome } from '../../components/use-paid-edit';

const withId = (path: string, id: number) => path.replace(':id', encodeURIComponent(String(id)));
const URLS: Record<Screen, { quote: string; confirm: string; title: string; key: string }> = {
  'quote-best-price': { quote: PRICE_API.bestPriceQuote, confirm: PRICE_API.bestPrice, title: 'aftersale.price.bestTitle', key: 'best' },
  'process-price': { quote: PRICE_API.repriceQuote, confirm: PRICE_API.reprice, title: 'aftersale.price.repriceTitle', key: 'reprice' },
};

const signed = (n: number) => (n > 0 ? `+${formatVnd(n)}` : n < 0 ? `−${formatVnd(-n)}` : formatVnd(0));
/** A local yyyy-MM-ddTHH:mm as dd/MM/yyyy HH:mm. */
const localTime = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
const Money = ({ value, strong }: { value: number; strong?: boolean }) => <span className="bkp-money">{strong ? <strong>{formatVnd(value)}</strong> : formatVnd(value)}</span>;

function Terms({ terms, label }: { terms: FareTerms; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="bkp-terms">
      <div className="bkp-terms-head">
        <span className="muted">{label}</span>{' '}
        <strong className="bke-code">{terms.class}</strong> · {terms.fareFamily || terms.cabinClass}
        {terms.seatAvailable !== undefined && <span className="muted"> · {t('aftersale.price.seats', { n: terms.seatAvailable })}</span>}
      </div>
      <ul className="bkp-terms-list">
        <li>{t('aftersale.price.baggage', { hand: terms.handBaggage || '—', checked: terms.freeBaggage === '0kg' || !terms.freeBaggage ? t('aftersale.price.noChecked') : terms.freeBaggage })}</li>
        <li>
          <Tag color={terms.changeable ? 'green' : 'red'}>{terms.changeable ? t('aftersale.price.changeable') : t('aftersale.price.notChangeable')}</Tag>
          {terms.changeRule}
        </li>
        <li>
          <Tag color={terms.refundable ? 'green' : 'red'}>{terms.refundable ? t('aftersale.price.refundable') : t('aftersale.price.notRefundable')}</Tag>
          {terms.refundRule}
        </li>
      </ul>
    </div>
  );
}

export function PriceScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { bookingId, valid } = useBookingId();
  const urls = URLS[screen];
  const [pnr, setPnr] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [moved, setMoved] = useState(false);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const { query } = useCustom<PriceQuote>({
    url: withId(urls.quote, bookingId),
    method: 'get',
    config: { query: pnr ? { pnr } : {} },
    meta: QUIET,
    errorNotification: false,
    queryOptions: { enabled: valid, retry: false },
  });
  const quote = query.data?.data;
  const { mutateAsync } = useCustomMutation<PriceResult, HttpError, { pnr: string; idempotencyKey: string; total: number }>();
  const move = quote ? priceMove(quote.difference) : 'same';
  const canConfirm = !!quote && (screen === 'process-price' || quote.better) && !running;

  const run = async (q: PriceQuote) => {
    setRunning(true);
    try {
      const r = await mutateAsync({ url: withId(urls.confirm, bookingId), method: 'post', values: { pnr: q.pnr, idempotencyKey: newKey(), total: q.newPayable }, meta: COMMAND, successNotification: false, errorNotification: false });
      setMoved(false);
      setOutcome({ type: 'success', text: t(`aftersale.price.${urls.key}Done`, { amount: formatVnd(r.data.total ?? q.newPayable) }) });
    } catch (e) {
      const changed = isApiError(e) && e.status === 409 && e.data?.reason === 'quoteChanged';
      setMoved(changed);
      setOutcome(changed ? null : { type: 'error', text: (e as HttpError).message || t('aftersale.paid.failed') });
    } finally {
      busy.current = false;
      setRunning(false);
      await invalidate({ invalidates: ['all'] });
    }
  };

  const confirm = () => {
    if (!quote || busy.current) return;
    busy.current = true;
    const q = quote;
    modal.confirm({
      title: t(`aftersale.price.${urls.key}ConfirmTitle`),
      content: (
        <div data-testid="price-confirm">
          <p>{t(`aftersale.price.${urls.key}ConfirmText`, { pnr: q.pnr })}</p>
          <p className="bke-confirm-total">
            {priceMove(q.difference) === 'up'
              ? t('aftersale.price.confirmUp', { amount: formatVnd(q.difference), total: formatVnd(q.newPayable) })
              : priceMove(q.difference) === 'down'
                ? t('aftersale.price.confirmDown', { amount: formatVnd(-q.difference), total: formatVnd(q.newPayable) })
                : t('aftersale.price.confirmSame', { total: formatVnd(q.newPayable) })}
          </p>
          {q.components.some((c) => c.rebook && conditionsLost(c.old, c.new).length > 0) && <p>{t('aftersale.price.lostConfirm')}</p>}
          <p className="muted">{t('aftersale.price.noCharge')}</p>
        </div>
      ),
      okText: t(`aftersale.price.${urls.key}Ok`),
      cancelText: t('aftersale.paid.cancel'),
      okButtonProps: { 'data-testid': 'price-ok' } as never,
      onCancel: () => {
        busy.current = false;
      },
      onOk: () => run(q),
    });
  };

  return (
    <PaidEditFrame titleKey={urls.title} bookingId={bookingId} valid={valid} read={query} loaded={!!quote} outcome={outcome} testId={`${screen}-page`}>
      {quote && (
        <>
          <Card size="small">
            <div className="bkp-head">
              <div>
                <div>
                  {quote.airline} · PNR <strong className="bke-code" data-testid="price-pnr">{quote.pnr}</strong>
                </div>
                <div className="muted">{t('aftersale.price.timeLimit', { at: formatDateTime(quote.timeLimit) })}</div>
              </div>
              {quote.heldPnrs.length > 1 && (
                <Select className="bke-select" value={quote.pnr} onChange={(v: string) => (setPnr(v), setOutcome(null), setMoved(false))} options={quote.heldPnrs.map((p) => ({ value: p, label: `PNR ${p}` }))} aria-label={t('aftersale.price.pickPnr')} data-testid="price-pnr-select" />
              )}
            </div>
            <p className="muted bkp-intro">{t(`aftersale.price.${urls.key}Intro`)}</p>
          </Card>
          {moved && <Alert type="warning" showIcon data-testid="price-moved" message={t('aftersale.price.moved')} />}
          {screen === 'quote-best-price' && !quote.better && <Alert type="info" showIcon data-testid="price-none" message={t('aftersale.price.noBetter')} />}
          {screen === 'process-price' && move === 'up' && <Alert type="warning" showIcon data-testid="price-rise" message={t('aftersale.price.rise', { amount: formatVnd(quote.difference) })} />}
          {quote.components.map((c, i) => (
            <Card
              key={`${c.direction}-${c.leg ?? 0}-${i}`}
              size="small"
              data-testid={`price-component-${i}`}
              title={
                <span className="bkp-flights">
                  {t(c.leg !== undefined ? 'aftersale.price.leg' : `aftersale.price.${c.direction}`, { n: c.leg })}: {c.flights.map((f) => `${f.flightNo} ${f.from}→${f.to} ${localTime(f.departDate)}`).join(', ')}
                </span>
              }
              extra={c.rebook ? <Tag color="blue">{t('aftersale.price.rebook', { from: c.old.class, to: c.new.class })}</Tag> : null}
            >
              {c.rebook ? (
                <>
                  <div className="bkp-compare">
                    <Terms terms={c.old} label={t('aftersale.price.held')} />
                    <ArrowRightOutlined className="bkp-arrow" aria-hidden />
                    <Terms terms={c.new} label={t('aftersale.price.best')} />
                  </div>
                  {conditionsLost(c.old, c.new).length > 0 && (
                    <Alert
                      type="warning"
                      showIcon
                      className="bkp-lost"
                      data-testid={`price-lost-${i}`}
                      message={t('aftersale.price.lost', { what: conditionsLost(c.old, c.new).map((x) => t(`aftersale.price.lose.${x}`)).join(', ') })}
                    />
                  )}
                </>
              ) : (
                <Terms terms={c.new} label={t('aftersale.price.sameClass')} />
              )}
            </Card>
          ))}
          <Card size="small" title={t('aftersale.price.perPassenger')}>
            <Table<PriceLine>
              size="small"
              rowKey="paxId"
              pagination={false}
              dataSource={quote.lines}
              data-testid="price-lines"
              columns={[
                { title: t('aftersale.price.passenger'), key: 'n', render: (_: unknown, l) => <span>{l.name} <span className="muted">({t(`aftersale.price.pax.${l.paxType}`)})</span></span> },
                { title: t('aftersale.price.old'), key: 'o', align: 'right', render: (_: unknown, l) => <Money value={l.oldAmount} /> },
                { title: t('aftersale.price.new'), key: 'w', align: 'right', render: (_: unknown, l) => <Money value={l.newAmount} strong /> },
              ]}
            />
            <Descriptions size="small" column={1} className="bkp-totals" bordered>
              <Descriptions.Item label={t('aftersale.price.fareTotal')}>
                <Money value={quote.oldFare} /> → <Money value={quote.newFare} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t(move === 'down' ? 'aftersale.price.saving' : move === 'up' ? 'aftersale.price.riseLabel' : 'aftersale.price.difference')}>
                <strong className={`bkp-money bkp-diff bkp-${move}`} data-testid="price-difference" data-amount={quote.difference}>
                  {move === 'down' ? formatVnd(-quote.difference) : signed(quote.difference)}
                </strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('aftersale.price.payable')}>
                <Money value={quote.oldPayable} /> →{' '}
                <strong className="bkp-money" data-testid="price-payable" data-amount={quote.newPayable}>
                  {formatVnd(quote.newPayable)}
                </strong>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" className="bke-total bkp-last">
            <span className="muted">{t('aftersale.price.noCharge')}</span>
            <span className="bkp-actions">
              {outcome?.type === 'success' && (
                <Link to={linkTo(PAGES.bookings.detail, { id: bookingId })} data-testid="price-to-detail">
                  {t('aftersale.backToDetail')}
                </Link>
              )}
              <Button type="primary" disabled={!canConfirm} loading={running} onClick={confirm} data-testid="price-submit">
                {t(`aftersale.price.${urls.key}Ok`)}
              </Button>
            </span>
          </Card>
        </>
      )}
    </PaidEditFrame>
  );
}
