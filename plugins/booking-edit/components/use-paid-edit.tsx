/**
 * A paid after-sale command: a confirmation stating the amount taken from the deposit, one POST per PNR with a
 * fresh idempotency key (a double click posts once), then every read is refreshed (the header balance too).
 */
import { useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult } from '../../../contract/aftersale';
import { formatVnd } from '../../../src/sdk';
import { COMMAND, newKey } from '../api';

export interface Outcome {
  type: 'success' | 'error';
  text: string;
  emds?: string[];
  /** New tickets (an exchange). */
  tickets?: string[];
}

export function usePaidEdit<B extends { pnr: string }>(url: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<PaidEditResult, HttpError, B & { idempotencyKey: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const run = async (bodies: B[], onDone?: () => void) => {
    let amount = 0;
    const emds: string[] = [];
    const tickets: string[] = [];
    try {
      for (const body of bodies) {
        const r = await mutateAsync({ url, method: 'post', values: { ...body, idempotencyKey: newKey() }, meta: COMMAND, successNotification: false, errorNotification: false });
        amount += r.data.amount;
        emds.push(...r.data.emds);
        tickets.push(...((r.data as PaidEditResult & { tickets?: string[] }).tickets ?? []));
      }
      setOutcome({ type: 'success', text: t('aftersale.paid.done', { amount: formatVnd(amount) }), emds, tickets });
      onDone?.();
    } catch (e) {
      setOutcome({ type: 'error', text: (e as HttpError).message || t('aftersale.paid.failed') });
    } finally {
      busy.current = false;
      setRunning(false);
      await invalidate({ invalidates: ['all'] });
    }
  };

  const confirm = (total: number, content: ReactNode, bodies: B[], onDone?: () => void) => {
    if (busy.current || bodies.length === 0) return;
    busy.current = true;
    modal.confirm({
      title: t('aftersale.paid.confirmTitle'),
      content: (
        <div data-testid="paid-confirm">
          {content}
          <p className="bke-confirm-total">{total > 0 ? t('aftersale.paid.confirmText', { amount: formatVnd(total) }) : t('aftersale.paid.confirmFree')}</p>
        </div>
      ),
      okText: t('aftersale.paid.ok'),
      cancelText: t('aftersale.paid.cancel'),
      okButtonProps: { 'data-testid': 'paid-ok' } as never,
      onCancel: () => {
        busy.current = false;
      },
      onOk: async () => {
        setRunning(true);
        await run(bodies, onDone);
      },
    });
  };

  return { confirm, outcome, setOutcome, running };
}
