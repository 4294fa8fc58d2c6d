/**
 * The irreversible actions of a PNR (issue, void, cancel) with their confirmation stating what moves: issue the
 * total charged and the deposit balance after it, void the amount returned, cancel the seats released and no
 * money. Issue sends a fresh idempotency key per click of the confirm button and keeps it for the retries of that
 * click (model/actions.ts issueAttempt); a second click while a call runs does nothing. The PIN dialog (403/120)
 * is the api client's. After money moves the header balance is refreshed (DEPOSIT_BALANCE_KEY), then `onDone`.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BookingDetail, BookingPnr } from '../../../../contract/bookings';
import { ErrorCode } from '../../../../contract/errors';
import { isApiError } from '../../../../src/sdk';
import { formatVnd } from '../../../../src/sdk';
import { DEPOSIT_BALANCE_KEY } from '../../../../contract/accounting';
import { cancelBooking, fetchBalance, fetchBookingDetail, issueBooking, voidBooking } from '../../api';
import { coversCharge, issueAttempt, issueCharge, newIdempotencyKey, seatsReleased, voidRefund, type IssueAttempt } from '../../model/actions';

export type MoneyAction = 'issue' | 'void' | 'cancel';

interface Feedback {
  type: 'success' | 'error';
  text: string;
  retry?: () => void;
}

function ConfirmLines({ lines }: { lines: ReactNode[] }) {
  return (
    <div className="bkm-confirm" data-testid="action-confirm">
      {lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </div>
  );
}

export function useBookingActions({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const balance = useQuery({ queryKey: DEPOSIT_BALANCE_KEY, queryFn: fetchBalance, staleTime: 0 });
  const attempt = useRef<IssueAttempt | null>(null);
  const busy = useRef(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const errorText = (e: unknown) => {
    if (isApiError(e)) {
      if (e.code === ErrorCode.INSUFFICIENT_DEPOSIT && typeof e.data?.available === 'number') return `${e.message} (${t('bookings.issue.available', { amount: formatVnd(e.data.available) })})`;
      if (e.message) return e.message;
    }
    return t('bookings.actions.failed');
  };
  const retryable = (e: unknown) => !isApiError(e) || e.network || e.status >= 500 || e.code === ErrorCode.PIN_REQUIRED || e.code === ErrorCode.PIN_INVALID;

  const afterMoney = async () => {
    await client.invalidateQueries({ queryKey: DEPOSIT_BALANCE_KEY });
    onDone();
  };

  const send = async (action: MoneyAction, detail: BookingDetail, pnr: BookingPnr, retry: boolean): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    setRunning(`${action}:${pnr.pnr}`);
    setFeedback(null);
    try {
      if (action === 'issue') {
        attempt.current = issueAttempt(attempt.current, [pnr.pnr], retry, newIdempotencyKey);
        const r = await issueBooking(detail.id, { idempotencyKey: attempt.current.key, pnrs: attempt.current.pnrs });
        const tickets = r.pnrs.flatMap((p) => p.tickets).length;
        const repriced = r.pnrs.flatMap((p) => (p.repriced ? [t('bookings.issue.repriced', { pnr: p.pnr, from: formatVnd(p.repriced.from), to: formatVnd(p.repriced.to) })] : []));
        const done = t('bookings.issue.done', { pnr: pnr.pnr, amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter), count: tickets });
        setFeedback({ type: 'success', text: [done, ...repriced].join(' ') });
      } else if (action === 'void') {
        const r = await voidBooking(detail.id, { pnrs: [pnr.pnr] });
        setFeedback({ type: 'success', text: t('bookings.void.done', { pnr: pnr.pnr, amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter) }) });
      } else {
        await cancelBooking(detail.id, { pnrs: [pnr.pnr] });
        setFeedback({ type: 'success', text: t('bookings.cancel.done', { pnr: pnr.pnr }) });
      }
      busy.current = false;
      await afterMoney();
    } catch (e) {
      setFeedback({ type: 'error', text: errorText(e), retry: retryable(e) ? () => void send(action, detail, pnr, true) : undefined });
      // a refusal may mean the PNR changed meanwhile: show its state now
      onDone();
    } finally {
      busy.current = false;
      setRunning(null);
    }
  };

  /** Ask for confirmation, then run the action (the confirm button waits for the answer). */
  const run = (action: MoneyAction, detail: BookingDetail, pnr: BookingPnr) => {
    const code = <strong className="bkm-code">{pnr.pnr}</strong>;
    let lines: ReactNode[];
    let blocked = false;
    if (action === 'issue') {
      const b = balance.data;
      const { total, balanceAfter } = issueCharge([pnr], b?.balance);
      blocked = !coversCharge(total, b?.available);
      lines = [
        <span key="q">{t('bookings.issue.confirmText')} {code} ({pnr.airline})</span>,
        <span key="c">{t('bookings.issue.charged')}: <strong data-testid="confirm-amount" data-amount={total}>{formatVnd(total)}</strong></span>,
        b ? (
          <span key="b">
            {t('bookings.issue.balanceNow')}: {formatVnd(b.balance)} → {t('bookings.issue.balanceAfter')}: <strong data-testid="confirm-balance-after">{formatVnd(balanceAfter ?? 0)}</strong>
          </span>
        ) : (
          <span key="b" className="muted">{t('bookings.issue.balanceUnknown')}</span>
        ),
        blocked ? <Alert key="w" type="error" showIcon message={t('bookings.issue.insufficient', { amount: formatVnd(b?.available ?? 0) })} /> : null,
      ];
    } else if (action === 'void') {
      const amount = voidRefund(pnr);
      lines = [
        <span key="q">{t('bookings.void.confirmText')} {code} ({pnr.airline})</span>,
        <span key="a">{t('bookings.void.refunded')}: <strong data-testid="confirm-amount" data-amount={amount}>{formatVnd(amount)}</strong></span>,
        <span key="n" className="muted">{t('bookings.void.note')}</span>,
      ];
    } else {
      const { seats, flights } = seatsReleased(pnr);
      lines = [
        <span key="q">{t('bookings.cancel.confirmText')} {code} ({pnr.airline})</span>,
        <span key="s" data-testid="confirm-seats">{t('bookings.cancel.seats', { seats, flights })}</span>,
        <span key="m">{t('bookings.cancel.noMoney')}</span>,
      ];
    }
    modal.confirm({
      title: t(`bookings.${action}.confirmTitle`),
      content: <ConfirmLines lines={lines.filter(Boolean)} />,
      okText: t(`bookings.actions.${action}`),
      cancelText: t('bookings.actions.back'),
      okButtonProps: { danger: action !== 'issue', disabled: blocked, 'data-testid': 'confirm-ok' } as never,
      onOk: () => send(action, detail, pnr, false),
    });
  };

  /** From a list row: read the PNR's booking first (the confirmation needs its amounts). */
  const runById = async (action: MoneyAction, bookingId: number, pnrCode: string) => {
    try {
      const detail = await fetchBookingDetail(bookingId);
      const pnr = detail.pnrs.find((p) => p.pnr === pnrCode);
      if (!pnr || !pnr.actions.includes(action)) {
        setFeedback({ type: 'error', text: t('bookings.actions.notAllowedNow', { pnr: pnrCode }) });
        onDone();
        return;
      }
      run(action, detail, pnr);
    } catch (e) {
      setFeedback({ type: 'error', text: errorText(e) });
    }
  };

  const feedbackNode = feedback ? (
    <Alert
      type={feedback.type}
      showIcon
      closable
      onClose={() => setFeedback(null)}
      role={feedback.type === 'error' ? 'alert' : 'status'}
      data-testid="action-feedback"
      data-type={feedback.type}
      className="bkm-feedback"
      message={feedback.text}
      action={
        feedback.retry && (
          <Button size="small" onClick={feedback.retry} data-testid="action-retry">
            {t('bookings.actions.retry')}
          </Button>
        )
      }
    />
  ) : null;

  return { run, runById, feedback: feedbackNode, running };
}
