/**
 * /booking/edit/:id: the after-sale hub of one booking. Each action with what it costs and whether it is allowed
 * now (and why not), as the gateway answers it for the caller's permissions and the booking's state; the PNRs as
 * the airline holds them.
 */
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleActionState, AfterSaleHub } from '../../../contract/aftersale';
import { ELEMENT_SCREENS, elementScreenPath } from '../../../contract/aftersale-elements'; // pnr-elements
import { formatVnd, isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { PnrSummary } from '../components/PnrSummary';
import '../booking-edit.css';

const BUILT: Partial<Record<AfterSaleActionState['action'], (id: number) => string>> = {
  'buy-luggage': (id) => linkTo(PAGES.bookingEdit.buyLuggage, { id }),
  'buy-seat': (id) => linkTo(PAGES.bookingEdit.buySeat, { id }),
  // aftersale2
  'exchange-route': (id) => linkTo(PAGES.bookingEdit.exchangeRoute, { id }),
  // pnr-elements
  ...Object.fromEntries(ELEMENT_SCREENS.map((screen) => [screen, (id: number) => linkTo(elementScreenPath(screen), { id })])),
  // pnr-segments
  'add-route': (id) => linkTo(PAGES.bookingEdit.addRoute, { id }),
  'remove-route': (id) => linkTo(PAGES.bookingEdit.removeRoute, { id }),
  'add-arunk': (id) => linkTo(PAGES.bookingEdit.addArunk, { id }),
  'change-route-class': (id) => linkTo(PAGES.bookingEdit.changeRouteClass, { id }),
  'remove-checkIn': (id) => linkTo(PAGES.bookingEdit.removeCheckIn, { id }),
  'split-passenger': (id) => linkTo(PAGES.bookingEdit.splitPassenger, { id }),
  'add-infant': (id) => linkTo(PAGES.bookingEdit.addInfant, { id }),
  // sched: schedule changes and change-route-status
  'submit-sc': (id) => linkTo(PAGES.bookingEdit.submitSc, { id }),
  'change-route-status': (id) => linkTo(PAGES.bookingEdit.changeRouteStatus, { id }),
  // as14a: paid extras
  'upgrade-luggage': (id) => linkTo(PAGES.bookingEdit.upgradeLuggage, { id }),
  'buy-ancillary': (id) => linkTo(PAGES.bookingEdit.buyAncillary, { id }),
  'add-infant-vj': (id) => linkTo(PAGES.bookingEdit.addInfantVj, { id }),
  // as14b: re-pricing a held booking
  'quote-best-price': (id) => linkTo(PAGES.bookingEdit.quoteBestPrice, { id }),
  'process-price': (id) => linkTo(PAGES.bookingEdit.processPrice, { id }),
};

export function priceText(a: AfterSaleActionState, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (a.priceFrom === undefined) return '';
  if (a.priceFrom === a.priceTo) return formatVnd(a.priceFrom);
  return a.priceFrom === 0 ? t('aftersale.hub.upTo', { to: formatVnd(a.priceTo ?? 0) }) : t('aftersale.hub.range', { from: formatVnd(a.priceFrom), to: formatVnd(a.priceTo ?? 0) });
}

export default function HubPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const { query } = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const hub = query.data?.data;
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const back = (
    <Link to={linkTo(PAGES.bookings.detail, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToDetail')}
    </Link>
  );
  return (
    <PageFrame title={`${t('aftersale.hub.title')}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="aftersale-hub">
        {notFound && (
          <Card>
            <Empty description={t('aftersale.notFound')} />
          </Card>
        )}
        {!notFound && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!hub && query.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {hub && (
          <>
            <Card size="small" title={t('aftersale.hub.actions')} className="bke-actions">
              {hub.actions.map((a) => {
                const to = BUILT[a.action]?.(bookingId);
                return (
                  <div key={a.action} className="bke-action" data-testid={`action-${a.action}`} data-allowed={String(a.allowed)}>
                    <div className="bke-action-text">
                      <strong>{t(`aftersale.actions.${a.action}`)}</strong>
                      <div className="muted">{t(`aftersale.actionHelp.${a.action}`)}</div>
                      {a.priceFrom !== undefined && <div className="bke-price">{priceText(a, t)}</div>}
                      {!a.allowed && a.message && <Tag color="default" className="bke-reason">{a.message}</Tag>}
                    </div>
                    <Button type="primary" disabled={!a.allowed || !to} onClick={() => to && void navigate(to)} data-testid={`open-${a.action}`}>
                      {t('aftersale.hub.open')} <RightOutlined />
                    </Button>
                  </div>
                );
              })}
            </Card>
            {hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
            {hub.pnrs.map((r) => (
              <Card key={r.pnr} size="small" title={`${r.airline} · PNR ${r.pnr}`}>
                <PnrSummary record={r} />
              </Card>
            ))}
          </>
        )}
      </div>
    </PageFrame>
  );
}
