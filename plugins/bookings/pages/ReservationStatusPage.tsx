/**
 * /booking/reservation-status: a PNR code → its own status (one tag: the PNR's, not its booking's), carrier,
 * time limit, itinerary and a link to the booking detail
 * (a custom read through the data provider, asked when the form is sent).
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Skeleton } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useCustom, type HttpError } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReservationStatus } from '../../../contract/bookings';
import { BOOKINGS_API } from '../../../contract/bookings-rules';
import { isApiError } from '../../../src/sdk';
import { formatDateTime } from '../../../src/sdk';
import { PageFrame } from '../../../src/sdk';
import { QUIET } from '../api';
import { countdown, msLeft } from '../model/actions';
import { carrierText, isHold } from '../model/status';
import { PnrStatusTag } from '../components/manage/StatusTags';
import { useNow } from '../components/use-now';
import '../manage.css';

export default function ReservationStatusPage() {
  const { t } = useTranslation();
  const now = useNow(1000);
  const [pnr, setPnr] = useState<string | null>(null);
  const status = useCustom<ReservationStatus, HttpError>({
    url: BOOKINGS_API.reservationStatus,
    method: 'get',
    config: { query: { pnr } },
    meta: QUIET,
    queryOptions: { enabled: pnr !== null, retry: false },
    errorNotification: false,
  }).query;
  const s = status.data?.data;
  const notFound = isApiError(status.error) && status.error.status === 404;
  return (
    <PageFrame title={t('bookings.reservationStatus.title')} className="bkm-page">
      <Card size="small">
        <Form layout="inline" className="bkm-inline-form" onFinish={(v: { pnr: string }) => setPnr(v.pnr.trim().toUpperCase())}>
          <Form.Item
            name="pnr"
            label={t('bookings.search.pnr')}
            rules={[{ required: true, pattern: /^\s*[A-Za-z0-9]{6}\s*$/, message: t('bookings.reservationStatus.pnrRule') }]}
          >
            <Input maxLength={8} className="bkm-upper" placeholder="ABC123" data-testid="reservation-pnr" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={status.isFetching} data-testid="reservation-submit">
            {t('bookings.reservationStatus.check')}
          </Button>
        </Form>
      </Card>
      {status.isLoading && pnr && <Skeleton active />}
      {notFound && <Alert type="warning" showIcon message={t('bookings.reservationStatus.notFound', { pnr })} data-testid="reservation-not-found" />}
      {status.isError && !notFound && <Alert type="error" showIcon message={(isApiError(status.error) && status.error.message) || t('shell.common.loadError')} />}
      {s && (
        <Card size="small" data-testid="reservation-result" title={<span className="bkm-code bkm-pnr-code">{s.pnr}</span>}>
          <div className="bkm-summary-grid">
            <span className="muted">{t('bookings.reservationStatus.status')}</span>
            <span>
              <PnrStatusTag status={s.recordStatus} timeLimit={s.timeLimit} now={now} />
            </span>
            <span className="muted">{t('bookings.detail.airline')}</span>
            <span data-testid="reservation-carrier">{carrierText(s.airline, s.source)}</span>
            {isHold(s.recordStatus) && s.timeLimit && (
              <>
                <span className="muted">{t('bookings.detail.timeLimit')}</span>
                <span>
                  {formatDateTime(s.timeLimit)} · <strong>{countdown(msLeft(s.timeLimit, now))}</strong>
                </span>
              </>
            )}
            <span className="muted">{t('bookings.search.col.itinerary')}</span>
            <span>
              <strong>{s.itinerary}</strong> · {formatDateTime(s.departDate)}
            </span>
            <span className="muted">{t('bookings.reservationStatus.passengers')}</span>
            <span>{t('bookings.reservationStatus.tickets', { passengers: s.passengers, tickets: s.tickets })}</span>
          </div>
          <Link to={`/booking/booking-detail/${s.bookingId}`} data-testid="reservation-detail-link">
            {t('bookings.reservationStatus.openDetail')}
          </Link>
        </Card>
      )}
    </PageFrame>
  );
}
