/**
 * A free after-sale command of the schedule-change screens (accept, rebook, a segment's status): a confirmation
 * saying what will happen and that it costs nothing, one POST with a fresh idempotency key (a double click posts
 * once), the outcome shown on the screen, then every read refreshed.
 */
import { useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { COMMAND, newKey } from '../../api';
import { messageOf } from '../../../../src/sdk';

export interface SchedOutcome {
  type: 'success' | 'error';
  text: string;
}

export function useSchedCommand() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<{ pnr: string; replayed: boolean }, HttpError, Record<string, unknown>>();
  const [outcome, setOutcome] = useState<SchedOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const confirm = (o: { title: string; content: ReactNode; url: string; body: Record<string, unknown>; done: string; danger?: boolean }) => {
    if (busy.current) return;
    busy.current = true;
    modal.confirm({
      title: o.title,
      content: (
        <div data-testid="sched-confirm">
          {o.content}
          <p className="bke-confirm-total">{t('aftersale.sched.free')}</p>
        </div>
      ),
      okText: t('aftersale.paid.ok'),
      cancelText: t('aftersale.paid.cancel'),
      okButtonProps: { 'data-testid': 'sched-ok', danger: o.danger } as never,
      onCancel: () => {
        busy.current = false;
      },
      onOk: async () => {
        setRunning(true);
        try {
          await mutateAsync({ url: o.url, method: 'post', values: { ...o.body, idempotencyKey: newKey() }, meta: COMMAND, successNotification: false, errorNotification: false });
          setOutcome({ type: 'success', text: o.done });
        } catch (e) {
          // the gateway's reason in words
          setOutcome({ type: 'error', text: messageOf(e, t('aftersale.paid.failed')) });
        } finally {
          busy.current = false;
          setRunning(false);
          await invalidate({ invalidates: ['all'] });
        }
      },
    });
  };

  return { confirm, outcome, setOutcome, running };
}
