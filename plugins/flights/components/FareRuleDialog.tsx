/**
 * The fare-rule dialog of spec point 2, in two modes: by airline (an offer's source, airline, class and fare
 * basis, from the flight results) and by booking reference (`pnr`, from booking-detail), both through
 * GET /api/flights/fare-rules. It carries a message and an isError flag (spec point 8): the gateway's message
 * when the rules cannot be read, an information line when there are none. Offered to other plugins through the
 * dialog slot (`fareRule`, contract/slots.ts).
 */
import { useEffect } from 'react';
import { Alert, Collapse, Modal, Skeleton } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { FareRule } from '../../../contract/flights';
import type { FareRuleDialogProps } from '../../../contract/slots';
import { isApiError } from '../../../src/sdk';
import { FLIGHTS_API, QUIET_READ } from '../api';
import './fare-rule.css';

/** The dialog's message and isError flag for a load state (pure). */
export function fareRuleMessage(state: { isError: boolean; errorMessage?: string; ruleCount?: number }, t: (key: string) => string): { message: string; isError: boolean } {
  if (state.isError) return { message: state.errorMessage || t('shell.fareRule.error'), isError: true };
  if (state.ruleCount === 0) return { message: t('shell.fareRule.empty'), isError: false };
  return { message: '', isError: false };
}

export function FareRuleDialog({ query, onClose }: FareRuleDialogProps) {
  const { t } = useTranslation();
  const { title = '', ...params } = query ?? {};
  // the dialog shows the gateway's message itself: no notification
  const { query: rules } = useCustom<FareRule>({
    url: FLIGHTS_API.fareRules,
    method: 'get',
    config: { query: params },
    meta: QUIET_READ,
    errorNotification: false,
    queryOptions: { enabled: !!query, staleTime: 10 * 60 * 1000, retry: false },
    overtimeOptions: { enabled: false },
  });
  // Escape closes it wherever the focus is (it opens from a button of the list, which keeps the focus)
  const open = !!query;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  // (the hook's `result.data` is an empty object before an answer)
  const data = rules.data?.data;
  const { message, isError } = fareRuleMessage(
    { isError: rules.isError, errorMessage: isApiError(rules.error) ? rules.error.message : undefined, ruleCount: data?.list.length },
    t,
  );

  return (
    <Modal open={open} onCancel={onClose} keyboard footer={null} title={`${t('shell.fareRule.title')} · ${title}`} width={680} destroyOnHidden>
      <div data-testid="fare-rule-dialog" className="fare-rule" data-error={isError ? 'true' : 'false'}>
        {rules.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {message && <Alert type={isError ? 'error' : 'info'} showIcon message={message} role={isError ? 'alert' : undefined} />}
        {data && data.list.length > 0 && (
          <>
            {data.isInternational && <Alert type="info" showIcon message={t('shell.fareRule.international')} />}
            <Collapse
              defaultActiveKey={data.list.map((_, i) => String(i))}
              items={data.list.map((r, i) => ({
                key: String(i),
                label: r.type,
                children: <div className="fare-rule-text">{r.fareRule}</div>,
              }))}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

export default FareRuleDialog;
