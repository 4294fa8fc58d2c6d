/**
 * booking/completed/:id: the PNRs of the booking (each reference starts at LOADING and turns into its status
 * when the gateway answers; polled until every one is resolved), the time limits with a live countdown and
 * the TIME OUT COMMING warning, passengers, routes and totals. The booking is the bookings resource's record
 * (useOne, GET /api/bookings/:id), polled while a reference is unresolved.
 */
import { Alert, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useOne, type HttpError } from '@refinedev/core';
import { Link, useLocation, useParams } from 'react-router';
import { CheckCircleOutlined, CloseCircleOutlined, FileSearchOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompletedBooking, PnrEntry } from '../../../contract/bookings';
import { isApiError } from '../../../src/sdk';
import { formatDate, formatDateTime, formatTime, formatVnd, linkTo, PAGES } from '../../../src/sdk';
import { useActionAccess } from '../components/manage/use-action-access';
import { useBookingActions } from '../components/manage/use-booking-actions';
import { nextSteps } from '../model/next-steps';
import { printQuery } from '../model/print';
import { BOOKINGS_META, BOOKINGS_RESOURCE, QUIET } from '../api';
import { useNow } from '../components/use-now';
import { countdown } from '../model/actions';
import { flightLabel, type DraftFlight, type PendingPnr } from '../model/draft';
import { maskPassport } from '../model/passport';
import { bookingStatusDisplay, carrierText, isHold, liveRecordStatus, recordStatusDisplay } from '../model/status';
import '../bookings.css';

const POLL_MS = 2000;

function PnrRow({ entry, pending, now }: { entry: PnrEntry | null; pending?: PendingPnr; now: number }) {
  const { t } = useTranslation();
  if (!entry) {
    const loading = recordStatusDisplay('LOADING');
    return (
      <div className="bk-pnr" data-testid="pnr-row" data-status="LOADING">
        <div className="bk-pnr-head">
          <strong className="bk-pnr-code">——————</strong>
          {pending && <span>{carrierText(pending.airline, pending.source)}</span>}
          <Tag color={loading.color} data-testid="pnr-status">{t(loading.key)}</Tag>
        </div>
        {pending && <div className="muted">{[pending.dep, pending.ret].filter(Boolean).join(' / ')}</div>}
      </div>
    );
  }
  const limit = entry.timelimit ? dayjs(entry.timelimit) : null;
  const left = limit ? limit.valueOf() - now : 0;
  const held = isHold(entry.status);
  const status = liveRecordStatus(entry.status, entry.timelimit, now);
  const coming = status === 'TIME OUT COMMING';
  const shown = recordStatusDisplay(status);
  return (
    <div className="bk-pnr" data-testid="pnr-row" data-status={status}>
      <div className="bk-pnr-head">
        <strong className="bk-pnr-code" data-testid="pnr-code">{entry.pnr || '—'}</strong>
        <span>{carrierText(entry.airline, entry.source)}</span>
        <Tag color={shown.color} data-testid="pnr-status">{t(shown.key)}</Tag>
      </div>
      <div className="muted">
        {[entry.dep, entry.ret].filter(Boolean).join(' / ')} · {formatDate(entry.departDate)} {formatTime(entry.departDate)}
      </div>
      {limit && held && status !== 'TIME LIMIT OUT' && (
        <div className="bk-pnr-limit">
          {t('bookings.completed.timeLimit')}: {formatDateTime(entry.timelimit)} · {t('bookings.completed.left')}{' '}
          <strong data-testid="pnr-countdown">{countdown(left)}</strong>
        </div>
      )}
      {coming && <Alert type="warning" showIcon message={t('bookings.completed.timeOutComing')} data-testid="time-out-coming" />}
      {entry.message && <Alert type="error" showIcon message={entry.message} />}
    </div>
  );
}

/** The next steps of a held booking (model/next-steps.ts), each as the user's access allows. */
function NextSteps({ booking, now }: { booking: CompletedBooking; now: number }) {
  const { t } = useTranslation();
  const allowed = useActionAccess();
  const actions = useBookingActions();
  const steps = nextSteps(booking, now, allowed);
  const many = booking.listPNR.filter((p) => p.pnr).length > 1;
  const label = (key: string, pnr: string) => (many ? `${t(key)} ${pnr}` : t(key));
  return (
    <Card size="small" className="bk-card" title={t('bookings.completed.next.title')} data-testid="next-steps">
      {actions.feedback}
      <div className="bk-next-steps">
        {steps.map((s) => {
          switch (s.kind) {
            case 'issue':
              return (
                <Button key={`issue-${s.pnr}`} type="primary" icon={<CheckCircleOutlined />} data-testid="next-issue" aria-label={`${t('bookings.completed.next.issue')} ${s.pnr}`}
                  loading={actions.running === `issue:${s.pnr}`} onClick={() => void actions.runById('issue', booking.id, s.pnr)}>
                  {label('bookings.completed.next.issue', s.pnr)}
                </Button>
              );
            case 'cancel':
              return (
                <Button key={`cancel-${s.pnr}`} danger icon={<CloseCircleOutlined />} data-testid="next-cancel" aria-label={`${t('bookings.completed.next.cancel')} ${s.pnr}`}
                  loading={actions.running === `cancel:${s.pnr}`} onClick={() => void actions.runById('cancel', booking.id, s.pnr)}>
                  {label('bookings.completed.next.cancel', s.pnr)}
                </Button>
              );
            case 'detail':
              return (
                <Link key="detail" to={linkTo(PAGES.bookings.detail, { id: booking.id })} data-testid="next-detail">
                  <Button icon={<FileSearchOutlined />} tabIndex={-1}>{t('bookings.completed.next.detail')}</Button>
                </Link>
              );
            case 'quote':
              return (
                <Link key="quote" to={`${PAGES.bookings.printTicket}?${printQuery({ id: booking.id, pnr: s.pnr })}`} data-testid="next-quote">
                  <Button icon={<PrinterOutlined />} tabIndex={-1}>{t('bookings.completed.next.quote')}</Button>
                </Link>
              );
          }
        })}
      </div>
    </Card>
  );
}

export default function CompletedBookingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  // the references the hold was asked for (from passenger information): LOADING until the booking answers
  const pending = (location.state as { pending?: PendingPnr[] } | null)?.pending ?? [];
  const bookingId = Number(id);
  const valid = Number.isInteger(bookingId) && bookingId >= 1;
  const now = useNow(1000);
  const { query } = useOne<CompletedBooking, HttpError>({
    resource: BOOKINGS_RESOURCE,
    id: bookingId,
    meta: { ...BOOKINGS_META, ...QUIET },
    queryOptions: {
      enabled: valid,
      retry: false,
      staleTime: 0,
      // keep asking while a reference is still unresolved (not after a failed read)
      refetchInterval: (q) => (q.state.status !== 'error' && q.state.data?.data.listPNR.some((p) => !p.status) ? POLL_MS : false),
    },
    errorNotification: false,
  });
  const booking = query.data?.data ?? null;
  const error: 'notFound' | 'failed' | null = !valid || (isApiError(query.error) && query.error.status === 404) ? 'notFound' : query.isError && !query.isFetching ? 'failed' : null;

  const title = (
    <div className="page-heading">
      <Typography.Title level={1} className="page-title">{t('bookings.completed.title')}{booking ? ` #${booking.id}` : ''}</Typography.Title>
    </div>
  );

  if (error === 'notFound') {
    return <div className="bk-page">{title}<Card><Empty description={t('bookings.completed.notFound')} /></Card></div>;
  }
  if (error === 'failed' && !booking) {
    return (
      <div className="bk-page">
        {title}
        <Alert type="error" showIcon message={t('bookings.completed.failed')} action={<Button onClick={() => void query.refetch()}>{t('bookings.completed.retry')}</Button>} />
      </div>
    );
  }

  return (
    <div className="bk-page" data-testid="completed-booking-page">
      {title}
      <Card size="small" className="bk-card" title={t('bookings.completed.pnrs')}>
        {booking && (
          <div className="bk-status-line">
            {t('bookings.completed.status')}:{' '}
            <Tag color={bookingStatusDisplay(booking.status).color} data-testid="booking-status" data-status={booking.status}>{t(bookingStatusDisplay(booking.status).key)}</Tag>
          </div>
        )}
        {booking
          ? booking.listPNR.map((p, i) => <PnrRow key={i} entry={p} now={now} />)
          : (pending.length ? pending : [undefined]).map((p, i) => <PnrRow key={i} entry={null} pending={p} now={now} />)}
      </Card>
      {!booking ? (
        <Skeleton active />
      ) : (
        <>
          <NextSteps booking={booking} now={now} />
          <Card size="small" className="bk-card" title={t('bookings.completed.routes')}>
            {booking.routes.map((r, i) => (
              <div key={i} className="bk-route" data-testid="completed-route">
                <strong>{flightLabel(t, { direction: r.typeBook as DraftFlight['direction'], leg: r.leg })} · {r.airline} · {r.from} → {r.to}</strong>
                {r.listRoute.map((l) => (
                  <div key={l.flightNo + l.departDate} className="muted">
                    {l.flightNo} {l.from} {formatTime(l.departDate)} → {l.to} {formatTime(l.arrivalDate)} · {formatDate(l.departDate)} · {t('bookings.passengers.class')} {l.class}
                  </div>
                ))}
              </div>
            ))}
          </Card>
          <Card size="small" className="bk-card" title={t('bookings.completed.passengers')}>
            <ol className="bk-pax-list">
              {booking.passengers.map((p) => (
                <li key={p.paxId} data-testid="completed-pax">
                  {t(`bookings.titles.${p.title}`)} {p.lastName} {p.firstName} · {t(`bookings.paxType.${p.type}`)} · {p.birthday}
                  {p.passport && (
                    <span className="muted" data-testid="completed-passport"> · {t('bookings.completed.passport')} {maskPassport(p.passport.pNumber)} ({p.passport.nationCountry})</span>
                  )}
                </li>
              ))}
            </ol>
            <div className="muted">
              {t('bookings.contact.title')}: {booking.customerInfo.name} · {booking.customerInfo.phone} · {booking.customerInfo.email}
            </div>
          </Card>
          <Card size="small" className="bk-card" title={t('bookings.completed.luggage')} data-testid="completed-luggage">
            {booking.luggage?.length ? (
              <ul className="bk-pax-list">
                {booking.luggage.map((l) => {
                  const p = booking.passengers.find((x) => x.paxId === l.paxId);
                  return (
                    <li key={`${l.paxId}-${l.type}-${l.route}`} data-testid="completed-luggage-item">
                      {p ? `${p.lastName} ${p.firstName}` : `#${l.paxId}`} · {t(`bookings.typeBook.${l.type}`)} {l.route.replace('-', ' → ')} · {l.value} {l.unit} · {formatVnd(l.price)}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <span className="muted">{t('bookings.completed.noLuggage')}</span>
            )}
          </Card>
          <Card size="small" className="bk-card" title={t('bookings.completed.totals')}>
            <div className="bk-totals">
              <span>{t('bookings.completed.fare')}</span><span>{formatVnd(booking.totalFare)}</span>
              <span>{t('bookings.completed.fees')}</span><span>{formatVnd(booking.totalFees)}</span>
              <strong>{t('bookings.completed.total')}</strong><strong data-testid="completed-total">{formatVnd(booking.total)}</strong>
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
