/**
 * /booking/booking-detail/:id: the booking with each of its PNRs in full (spec point 3: routeInfos, paxInfos,
 * fareData, customerInfo), the countdown of holds, and the actions the gateway lists for each PNR (issue, void,
 * cancel, refund, print) plus mail and the fare rules by booking reference.
 */
import { useState } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ListButton, RefreshButton } from '@refinedev/antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingPnr } from '../../../contract/bookings';
import { isApiError } from '../../../src/sdk';
import { formatDateTime, formatVnd } from '../../../src/sdk';
import type { FareRuleQuery } from '../../../contract/slots';
import { BookingDetailSlot, SharedDialog } from '../../../src/sdk';
import { LoadError } from '../../../src/sdk';
import { BOOKINGS_RESOURCE } from '../api';
import { BookingStatusTag } from '../components/manage/StatusTags';
import { PnrPanel } from '../components/manage/PnrPanel';
import { useBookingActions } from '../components/manage/use-booking-actions';
import { useBookingDetail } from '../components/manage/use-booking-detail';
import { BookingShowView } from '../components/manage/views';
import { useNow } from '../components/use-now';
import type { DetailAction } from '../model/actions';
import { printQuery } from '../model/print';
import '../manage.css';

export default function BookingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const now = useNow(1000);
  const detail = useBookingDetail(bookingId, valid, true);
  const actions = useBookingActions();
  const [fareRule, setFareRule] = useState<(FareRuleQuery & { title: string }) | null>(null);

  const onAction = (action: DetailAction, pnr: BookingPnr) => {
    const b = detail.data?.data;
    if (!b) return;
    switch (action) {
      case 'issue':
      case 'void':
      case 'cancel':
        actions.run(action, b, pnr);
        break;
      case 'refund':
        void navigate(`/booking/edit/refund-ticket/${b.id}`);
        break;
      case 'print':
        void navigate(`/booking/print-ticket?${printQuery({ id: b.id, pnr: pnr.pnr })}`);
        break;
      case 'mail':
        void navigate(`/booking/mail?${printQuery({ id: b.id, pnr: pnr.pnr })}`);
        break;
      case 'fareRule':
        setFareRule({ pnr: pnr.pnr, title: pnr.pnr });
        break;
    }
  };

  const b = detail.data?.data;
  const notFound = !valid || (isApiError(detail.error) && detail.error.status === 404);
  const title = `${t('bookings.detail.title')}${valid ? ` #${bookingId}` : ''}`;
  // access-aware: hidden from a user who may not open booking/search
  const back = (
    <ListButton resource={BOOKINGS_RESOURCE} type="link" icon={<ArrowLeftOutlined />} className="bkm-back">
      {t('bookings.detail.backToSearch')}
    </ListButton>
  );

  if (notFound) {
    return (
      <BookingShowView id={valid ? bookingId : undefined} title={title} extra={back} className="bkm-page">
        <Card>
          <Empty description={t('bookings.detail.notFound')} />
        </Card>
      </BookingShowView>
    );
  }

  const c = b?.customerInfo;
  return (
    <BookingShowView id={bookingId} title={title} extra={back} className="bkm-page">
      <div data-testid="booking-detail-page" className="bkm-detail">
        {detail.isError && <LoadError onRetry={() => void detail.refetch()} />}
        {actions.feedback}
        {!b && detail.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
        {b && (
          <>
            <Card size="small" className="bkm-summary">
              <div className="bkm-summary-grid">
                <span className="muted">{t('bookings.detail.status')}</span>
                <span>
                  <BookingStatusTag status={b.status} />
                </span>
                <span className="muted">{t('bookings.detail.createdAt')}</span>
                <span>{formatDateTime(b.createdAt)}</span>
                <span className="muted">{t('bookings.detail.agent')}</span>
                <span>
                  {b.agentName} · {b.agencyCode} {b.agencyName}
                </span>
                <span className="muted">{t('bookings.detail.customer')}</span>
                <span data-testid="customer-info">
                  <strong>{c?.customerName}</strong>
                  {c?.customerAddress ? ` · ${c.customerAddress}` : ''}
                  <br />
                  {[...(c?.listPhones ?? []), ...(c?.listEmail ?? [])].join(' · ')}
                </span>
                <span className="muted">{t('bookings.detail.total')}</span>
                <strong data-testid="booking-total">{formatVnd(b.total)}</strong>
                <span className="muted">{t('bookings.detail.paid')}</span>
                <span data-testid="booking-paid">{formatVnd(b.paid)}</span>
              </div>
            </Card>
            {b.pnrs.map((p, i) => (
              <PnrPanel key={p.pnr || i} pnr={p} now={now} running={actions.running} onAction={onAction} />
            ))}
            {b.luggage.length > 0 && (
              <Card size="small" title={t('bookings.detail.luggage')}>
                {b.luggage.map((l, i) => (
                  <div key={i} className="bkm-fare-row">
                    <span>
                      #{l.paxId} · {l.route} · {l.value} {l.unit}
                    </span>
                    <span>{formatVnd(l.price)}</span>
                  </div>
                ))}
              </Card>
            )}
            {/* tabs other plugins add (after-sale: history, EMDs and new tickets) */}
            <BookingDetailSlot bookingId={bookingId} />
            <div>
              {/* Refine's refresh: invalidates this booking's reads (the detail is keyed under it) */}
              <RefreshButton resource={BOOKINGS_RESOURCE} recordItemId={bookingId} icon={null} loading={detail.isFetching}>
                {t('bookings.detail.refresh')}
              </RefreshButton>
            </div>
          </>
        )}
      </div>
      <SharedDialog name="fareRule" query={fareRule} onClose={() => setFareRule(null)} />
    </BookingShowView>
  );
}
