/**
 * Refund of train tickets: the quote is read first (GET refund?ticketIds=, per click: the data provider's
 * custom method), its fee and what comes back are said in plain words in a confirmation (antd Modal confirm),
 * and only then is the refund asked (POST, one idempotency key per confirmation), credited to the deposit.
 */
import { useRef } from 'react';
import { App, Typography } from 'antd';
import { useCustomMutation, useDataProvider, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { TrainBooking, TrainRefundQuote, TrainRefundRequest, TrainRefundResult } from '../../../contract/trains';
import { formatVnd } from '../../../src/sdk';
import { COMMAND, TRAIN_BOOKINGS_RESOURCE, trainUrl, useRefreshBalance } from '../api';

const newKey = () => `trf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function useRefund(booking: TrainBooking | undefined, onDone?: () => void) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const refreshBalance = useRefreshBalance();
  const { mutateAsync } = useCustomMutation<TrainRefundResult, HttpError, TrainRefundRequest>();
  const busy = useRef(false);

  return async (ticketIds: string[]) => {
    if (!booking || busy.current) return;
    busy.current = true;
    let quote: TrainRefundQuote;
    try {
      const { custom } = dataProvider();
      if (!custom) throw new Error(t('trains.refund.quoteFailed'));
      const r = await custom<TrainRefundQuote>({ url: trainUrl.refund(booking.id), method: 'get', query: { ticketIds: ticketIds.join(',') }, meta: COMMAND });
      quote = r.data;
    } catch (e) {
      busy.current = false;
      message.error((e as HttpError).message || t('trains.refund.quoteFailed'));
      return;
    }
    const refusable = quote.lines.filter((l) => !l.allowed);
    const allowed = quote.lines.filter((l) => l.allowed);
    const key = newKey();
    modal.confirm({
      title: t('trains.refund.title'),
      width: 520,
      content: (
        <div data-testid="refund-quote" data-fee={quote.fee} data-refund={quote.refund}>
          {quote.lines.map((l) => (
            <Typography.Paragraph key={l.ticketId}>
              <strong>{l.fullName}</strong>
              {l.ticketNumber ? ` (${l.ticketNumber})` : ''}: {l.explanation}
            </Typography.Paragraph>
          ))}
          {allowed.length > 0 && (
            <Typography.Paragraph data-testid="refund-plain">
              {t('trains.refund.plain', { paid: formatVnd(allowed.reduce((s, l) => s + l.price, 0)), fee: formatVnd(quote.fee), refund: formatVnd(quote.refund) })}
            </Typography.Paragraph>
          )}
          {refusable.length > 0 && <Typography.Paragraph type="danger">{t('trains.refund.someRefused', { count: refusable.length })}</Typography.Paragraph>}
          {quote.rules.length > 0 && (
            <ul className="train-refund-rules muted">
              {quote.rules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      ),
      okText: t('trains.refund.confirm', { amount: formatVnd(quote.refund) }),
      cancelText: t('trains.refund.cancel'),
      okButtonProps: { danger: true, disabled: allowed.length === 0, 'data-testid': 'refund-ok' } as never,
      onCancel: () => {
        busy.current = false;
      },
      onOk: async () => {
        try {
          const r = await mutateAsync({
            url: trainUrl.refund(booking.id),
            method: 'post',
            values: { ticketIds: allowed.map((l) => l.ticketId), idempotencyKey: key },
            meta: COMMAND,
            successNotification: false,
            errorNotification: false,
          });
          message.success(t('trains.refund.done', { refund: formatVnd(r.data.refunded), fee: formatVnd(r.data.fee), balance: formatVnd(r.data.balanceAfter) }));
          await Promise.all([invalidate({ resource: TRAIN_BOOKINGS_RESOURCE, invalidates: ['all'] }), refreshBalance()]);
          onDone?.();
        } catch (e) {
          message.error((e as HttpError).message || t('trains.refund.failed'));
        } finally {
          busy.current = false;
        }
      },
    });
  };
}
