/**
 * booking/train/complete?id=: a train booking. Waiting for payment (02): the total, the deposit balance before
 * and after, the countdown to the hold's end, and Pay (a confirmation that states the amount; the PIN dialog
 * is the shell's, asked by the gateway where the user has use_pin_code; the header balance is read again after).
 * Paid: the tickets with their QR codes, Print (a print stylesheet shows the tickets only), the PDF from the
 * gateway, and a refund per ticket with its fee said first.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Skeleton, Space, Tag } from 'antd';
import { DownloadOutlined, PrinterOutlined, WalletOutlined } from '@ant-design/icons';
import { useCan, useCustom, useCustomMutation, useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Balance } from '../../../contract/accounting';
import { TRAIN_STATUS, type TrainBooking, type TrainPayRequest } from '../../../contract/trains';
import { formatDateTime, formatVnd, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { BALANCE_URL, COMMAND, QUIET, TRAIN_BOOKINGS_META, TRAIN_BOOKINGS_RESOURCE, trainUrl, useRefreshBalance } from '../api';
import { FlowSteps } from '../components/FlowSteps';
import { HoldCountdown } from '../components/HoldCountdown';
import { TicketList } from '../components/TicketList';
import { StatusTag } from '../components/StatusTag';
import { useRefund } from '../components/use-refund';
import '../trains.css';

const newKey = () => `tpay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function PayPanel({ booking, onPaid }: { booking: TrainBooking; onPaid: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const canPay = useCan({ resource: 'train-bookings', action: 'pay' }).data?.can ?? false;
  const refreshBalance = useRefreshBalance();
  const key = useRef<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { query: balanceQuery } = useCustom<Balance, HttpError>({ url: BALANCE_URL, method: 'get', meta: QUIET, queryOptions: { queryKey: ['trains', 'balance'], staleTime: 0 }, errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<TrainBooking, HttpError, TrainPayRequest>();
  const b = balanceQuery.data?.data;
  const short = b ? b.available < booking.total : false;

  const pay = async () => {
    key.current ??= newKey();
    try {
      await mutateAsync({ url: trainUrl.pay(booking.id), method: 'post', values: { idempotencyKey: key.current }, meta: COMMAND, successNotification: false, errorNotification: false });
      key.current = null;
      message.success(t('trains.pay.done', { amount: formatVnd(booking.total) }));
    } catch (e) {
      message.error((e as HttpError).message || t('trains.pay.failed'));
    } finally {
      await Promise.all([onPaid(), refreshBalance(), balanceQuery.refetch()]);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('trains.pay.confirmTitle'),
      content: (
        <div data-testid="pay-confirm">
          <p>{t('trains.pay.confirmText', { code: booking.code, count: booking.tickets.length })}</p>
          <p>
            {t('trains.pay.charged')}: <strong data-testid="pay-amount" data-amount={booking.total}>{formatVnd(booking.total)}</strong>
          </p>
          {b && (
            <p className="muted">
              {t('trains.pay.balanceNow')}: {formatVnd(b.balance)} → {t('trains.pay.balanceAfter')}: <strong>{formatVnd(b.balance - booking.total)}</strong>
            </p>
          )}
        </div>
      ),
      okText: t('trains.pay.ok'),
      cancelText: t('trains.refund.cancel'),
      okButtonProps: { 'data-testid': 'pay-ok' } as never,
      onOk: pay,
    });

  return (
    <Card size="small" className="train-gap train-no-print" title={t('trains.pay.title')}>
      {!expired && <HoldCountdown duration={booking.duration} startTime={booking.startTime} onExpire={() => { setExpired(true); void onPaid(); }} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
        { key: 'total', label: t('trains.passengers.total'), children: <strong className="money" data-testid="booking-total" data-total={booking.total}>{formatVnd(booking.total)}</strong> },
        { key: 'bal', label: t('trains.pay.balanceNow'), children: b ? formatVnd(b.balance) : '—' },
      ]} />
      {short && <Alert type="error" showIcon message={t('trains.pay.short', { amount: formatVnd(b?.available ?? 0) })} className="train-gap" />}
      {canPay ? (
        <Button type="primary" size="large" icon={<WalletOutlined />} onClick={confirm} loading={mutation.isPending} disabled={short || expired} data-testid="pay">
          {t('trains.pay.button', { amount: formatVnd(booking.total) })}
        </Button>
      ) : (
        <Alert type="info" showIcon message={t('trains.pay.notAllowed')} />
      )}
    </Card>
  );
}

export default function BookingCompletePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const id = Number(new URLSearchParams(location.search).get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { result, query } = useOne<TrainBooking, HttpError>({ resource: TRAIN_BOOKINGS_RESOURCE, id, meta: { ...TRAIN_BOOKINGS_META, ...QUIET }, queryOptions: { enabled: valid }, errorNotification: false });
  const booking = query.isSuccess ? (result as TrainBooking | undefined) : undefined;
  const canRefund = useCan({ resource: 'train-bookings', action: 'refund' }).data?.can ?? false;
  const refund = useRefund(booking, () => void query.refetch());
  const pdf = useCustom<Blob, HttpError>({
    url: trainUrl.ticketsPdf(valid ? id : 0),
    method: 'get',
    meta: { ...COMMAND, responseType: 'blob' },
    queryOptions: { queryKey: ['trains', 'pdf', id], enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  }).query;

  const download = async () => {
    const read = await pdf.refetch();
    if (read.isError || !read.data) return;
    const url = URL.createObjectURL(read.data.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `train-tickets-${booking?.code ?? id}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const paid = booking && booking.tickets.some((k) => k.ticketNumber);
  return (
    <PageFrame
      title={t('trains.complete.title')}
      className="train-page"
      extra={
        paid && (
          <Space wrap className="train-no-print">
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print">
              {t('trains.complete.print')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={pdf.isFetching} data-testid="pdf">
              {t('trains.complete.pdf')}
            </Button>
          </Space>
        )
      }
    >
      <FlowSteps current="complete" />
      {!valid ? (
        <Card>
          <Empty description={t('trains.complete.noBooking')}>
            <Link to={PAGES.trains.status}>{t('trains.status.title')}</Link>
          </Empty>
        </Card>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !booking ? (
        <Skeleton active />
      ) : (
        <>
          <Card size="small" className="train-gap train-booking-head">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'code', label: t('trains.complete.code'), children: <strong data-testid="booking-code">{booking.code}</strong> },
                { key: 'status', label: t('trains.status.status'), children: <StatusTag status={booking.status} /> },
                { key: 'created', label: t('trains.status.createdAt'), children: formatDateTime(booking.createdAt) },
                { key: 'contact', label: t('trains.passengers.contact'), children: `${booking.contact.name} · ${booking.contact.phone}` },
                { key: 'total', label: t('trains.passengers.total'), children: <strong className="money">{formatVnd(booking.total)}</strong> },
                ...(booking.refunded ? [{ key: 'ref', label: t('trains.status.refunded'), children: formatVnd(booking.refunded) }] : []),
              ]}
            />
            {booking.message && <Alert type="warning" showIcon message={booking.message} />}
          </Card>
          {booking.status === TRAIN_STATUS.HELD && <PayPanel booking={booking} onPaid={() => query.refetch()} />}
          {booking.status === TRAIN_STATUS.EXPIRED && <Alert type="error" showIcon message={t('trains.complete.expired')} className="train-gap" />}
          {booking.status === TRAIN_STATUS.CANCELLED && <Tag color="red">{t('trains.statusName.CANCELLED')}</Tag>}
          {pdf.isError && !pdf.isFetching && <Alert type="error" showIcon message={t('trains.complete.pdfFailed')} className="train-gap train-no-print" />}
          <TicketList tickets={booking.tickets} canRefund={canRefund} onRefund={(tid) => void refund([tid])} />
        </>
      )}
    </PageFrame>
  );
}
