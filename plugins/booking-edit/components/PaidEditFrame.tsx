/**
 * What every paid after-sale screen shares: the booking id of the route, the hub read, the page frame with the
 * way back to the hub, the not-found / refused / error / loading states, the outcome of the paid command
 * (with its EMDs and new tickets) and the total bar with the pay button. The command itself is usePaidEdit.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleHub } from '../../../contract/aftersale';
import { formatVnd, isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import type { Outcome } from './use-paid-edit';
import '../booking-edit.css';

/** The booking id of the route (/booking/edit/<screen>/:id) and whether it is one. */
export function useBookingId(): { bookingId: number; valid: boolean } {
  const { id = '' } = useParams();
  const bookingId = Number(id);
  return { bookingId, valid: Number.isSafeInteger(bookingId) && bookingId >= 1 };
}

/** The after-sale hub of the booking (its PNRs as the airline holds them, the actions). */
export function useAfterSaleHub(bookingId: number, enabled: boolean) {
  return useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled }, errorNotification: false }).query;
}

interface ReadState {
  error: unknown;
  isError: boolean;
  isLoading: boolean;
  refetch: () => unknown;
}

export interface PaidEditFrameProps {
  /** The page title's key. */
  titleKey: string;
  bookingId: number;
  valid: boolean;
  /** The screen's main read: its 404 is "not found", its 409 the reason the service is refused. */
  read: ReadState;
  /** Whether the read's data has arrived. */
  loaded: boolean;
  outcome: Outcome | null;
  testId: string;
  children?: ReactNode;
}

export function PaidEditFrame({ titleKey, bookingId, valid, read, loaded, outcome, testId, children }: PaidEditFrameProps) {
  const { t } = useTranslation();
  const notFound = !valid || (isApiError(read.error) && read.error.status === 404);
  const refused = isApiError(read.error) && read.error.status === 409 ? read.error.message : null;
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  return (
    <PageFrame title={`${t(titleKey)}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid={testId}>
        {notFound && <Empty description={t('aftersale.notFound')} />}
        {refused && <Alert type="warning" showIcon message={refused} />}
        {!notFound && !refused && read.isError && <LoadError onRetry={() => void read.refetch()} />}
        {!loaded && read.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {outcome && (
          <Alert
            type={outcome.type}
            showIcon
            data-testid="paid-outcome"
            data-type={outcome.type}
            message={outcome.text}
            description={
              outcome.emds?.length || outcome.tickets?.length
                ? [outcome.emds?.length ? `${t('aftersale.pnr.emds')}: ${outcome.emds.join(', ')}` : '', outcome.tickets?.length ? `${t('aftersale.exchange.newTickets')}: ${outcome.tickets.join(', ')}` : '']
                    .filter(Boolean)
                    .join(' · ')
                : undefined
            }
          />
        )}
        {children}
      </div>
    </PageFrame>
  );
}

export interface PaidTotalProps {
  total: number;
  /** data-testid of the amount (with data-amount) and of the button. */
  totalTestId: string;
  buttonTestId: string;
  label: string;
  disabled: boolean;
  running: boolean;
  onPay: () => void;
}

/** The total bar: the amount to be taken from the deposit and the pay button. */
export function PaidTotal({ total, totalTestId, buttonTestId, label, disabled, running, onPay }: PaidTotalProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="bke-total">
      <span>
        {t('aftersale.total')}:{' '}
        <strong data-testid={totalTestId} data-amount={total}>
          {formatVnd(total)}
        </strong>
      </span>
      <Button type="primary" disabled={disabled} loading={running} onClick={onPay} data-testid={buttonTestId}>
        {label}
      </Button>
    </Card>
  );
}
