/**
 * The irreversible actions of a PNR (issue, void, cancel) with their confirmation stating what moves: issue the
 * total charged and the deposit balance after it, void the amount returned, cancel the seats released and no
 * money. Each is a command through the data provider (useCustomMutation); the button of the action running
 * shows the mutation's pending state. Issue sends a fresh idempotency key per click of the confirm button and
 * keeps it for the retries of that click (model/actions.ts issueAttempt); a second click while a call runs does
 * nothing. The PIN dialog (403/120) is the api client's, under the data provider. After money moves every read
 * on screen and the header balance are refreshed (use-money.ts); after a refusal the bookings are read again.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button } from 'antd';
import { useCustomMutation, useDataProvider, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { BookingDetail, BookingPnr, CancelRequest, IssueRequest, IssueResult, MoneyResult, VoidRequest } from '../../../../contract/bookings';
import { ErrorCode } from '../../../../contract/errors';
import { isApiError } from '../../../../src/sdk';
import { formatVnd } from '../../../../src/sdk';
import { BOOKINGS_RESOURCE, COMMAND, QUIET, bookingUrl } from '../../api';
import { coversCharge, issueAttempt, issueCharge, newIdempotencyKey, seatsReleased, voidRefund, type IssueAttempt } from '../../model/actions';
import { useDepositBalance, useMoneyRefresh } from './use-money';

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

type MoneyBody = IssueRequest | VoidRequest | CancelRequest;

/** The PNR an action runs on, as `action:pnr`, while its command is pending. */
function runningOf(pending: boolean, variables: { url: string; values: MoneyBody } | undefined, id: (url: string) => string | undefined): string | null {
  if (!pending || !variables) return null;
  const action = id(variables.url);
  return action ? `${action}:${variables.values.pnrs[0]}` : null;
}

export function useBookingActions() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const refreshMoney = useMoneyRefresh();
  const balance = useDepositBalance();
  const { mutation, mutateAsync } = useCustomMutation<IssueResult | MoneyResult, HttpError, MoneyBody>();
  const attempt = useRef<IssueAttempt | null>(null);
  // re-entry guard: two clicks in one tick both see the mutation idle
  const sending = useRef(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const actionOfUrl = (url: string) => (['issue', 'void', 'cancel'] as const).find((a) => url.endsWith(`/${a}`));
  const running = runningOf(mutation.isPending, mutation.variables, actionOfUrl);

  const errorText = (e: unknown) => {
    if (isApiError(e)) {
      if (e.code === ErrorCode.INSUFFICIENT_DEPOSIT && typeof e.data?.available === 'number') return `${e.message} (${t('bookings.issue.available', { amount: formatVnd(e.data.available) })})`;
      if (e.message) return e.message;
    }
    return t('bookings.actions.failed');
  };
  const retryable = (e: unknown) => !isApiError(e) || e.network || e.status >= 500 || e.code === ErrorCode.PIN_REQUIRED || e.code === ErrorCode.PIN_INVALID;

  const command = <T,>(url: string, values: MoneyBody) =>
    mutateAsync({ url, method: 'post', values, meta: COMMAND, successNotification: false, errorNotification: false }).then((r) => r.data as T);

  const send = async (action: MoneyAction, detail: BookingDetail, pnr: BookingPnr, retry: boolean): Promise<void> => {
    if (sending.current) return;
    sending.current = true;
    setFeedback(null);
    try {
      if (action === 'issue') {
        attempt.current = issueAttempt(attempt.current, [pnr.pnr], retry, newIdempotencyKey);
        const r = await command<IssueResult>(bookingUrl.issue(detail.id), { idempotencyKey: attempt.current.key, pnrs: attempt.current.pnrs });
        const tickets = r.pnrs.flatMap((p) => p.tickets).length;
        const repriced = r.pnrs.flatMap((p) => (p.repriced ? [t('bookings.issue.repriced', { pnr: p.pnr, from: formatVnd(p.repriced.from), to: formatVnd(p.repriced.to) })] : []));
        const done = t('bookings.issue.done', { pnr: pnr.pnr, amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter), count: tickets });
        setFeedback({ type: 'success', text: [done, ...repriced].join(' ') });
      } else if (action === 'void') {
        const r = await command<MoneyResult>(bookingUrl.void(detail.id), { pnrs: [pnr.pnr] });
        setFeedback({ type: 'success', text: t('bookings.void.done', { pnr: pnr.pnr, amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter) }) });
      } else {
        await command<MoneyResult>(bookingUrl.cancel(detail.id), { pnrs: [pnr.pnr] });
        setFeedback({ type: 'success', text: t('bookings.cancel.done', { pnr: pnr.pnr }) });
      }
      sending.current = false;
      await refreshMoney();
    } catch (e) {
      setFeedback({ type: 'error', text: errorText(e), retry: retryable(e) ? () => void send(action, detail, pnr, true) : undefined });
      // a refusal may mean the PNR changed meanwhile: show its state now
      void invalidate({ resource: BOOKINGS_RESOURCE, invalidates: ['resourceAll'] });
    } finally {
      sending.current = false;
    }
  };

  /** Ask for confirmation, then run the action (the confirm button waits for the answer). */
  const run = (action: MoneyAction, detail: BookingDetail, pnr: BookingPnr) => {
    const code = <strong className="bkm-code">{pnr.pnr}</strong>;
    let lines: ReactNode[];
    let blocked = false;
    if (action === 'issue') {
      const b = balance;
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

  /**
   * From a list row: read the PNR's booking first (the confirmation needs its amounts). A read on a click, not a
   * query of the screen: it goes to the data provider directly.
   */
  const runById = async (action: MoneyAction, bookingId: number, pnrCode: string) => {
    try {
      const { data: detail } = await dataProvider().custom!<BookingDetail>({ url: bookingUrl.detail(bookingId), method: 'get', meta: QUIET });
      const pnr = detail.pnrs.find((p) => p.pnr === pnrCode);
      if (!pnr || !pnr.actions.includes(action)) {
        setFeedback({ type: 'error', text: t('bookings.actions.notAllowedNow', { pnr: pnrCode }) });
        void invalidate({ resource: BOOKINGS_RESOURCE, invalidates: ['resourceAll'] });
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
