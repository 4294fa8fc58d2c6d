/**
 * The accounting plugin's resources and commands: lists through Refine's data hooks with these metas, the
 * top-up decisions (approve, reject) through the data provider's custom method.
 */
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_API, DEPOSIT_BALANCE_RESOURCE, type TopUpRequest } from '../../contract/accounting';
import { formatVnd } from '../../src/sdk';

export const RESOURCES = { topUps: 'accounting-topups', entries: 'accounting-entries' } as const;
export const TOPUPS_META = { path: ACCOUNTING_API.topUps };
export const ENTRIES_META = { path: ACCOUNTING_API.entries };

/** What a refused command says: the gateway's reason in words where this plugin knows it, else its message. */
export function useErrorText() {
  const { t } = useTranslation();
  return (e?: HttpError | null, known: readonly string[] = ['ownRequest', 'alreadyDecided'], prefix = 'accounting.list.errors') => {
    const reason = (e as { data?: { reason?: unknown } } | null | undefined)?.data?.reason;
    if (typeof reason === 'string' && known.includes(reason)) return t(`${prefix}.${reason}`);
    return e?.message || t('accounting.common.saveError');
  };
}

/** Approve or reject a pending top-up; then the list and the header balance are read again. */
export function useTopUpDecision() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<TopUpRequest>();
  const decide = async (r: TopUpRequest, decision: 'approve' | 'reject', reason?: string) => {
    const url = (decision === 'approve' ? ACCOUNTING_API.topUpApprove : ACCOUNTING_API.topUpReject).replace(':id', String(r.id));
    try {
      return await mutateAsync({
        url,
        method: 'post',
        values: decision === 'approve' ? {} : { reason },
        meta: { silent: true },
        successNotification: () => ({ type: 'success', message: decision === 'approve' ? t('accounting.list.approved', { amount: formatVnd(r.amount) }) : t('accounting.list.rejected') }),
        errorNotification: decision === 'approve' ? (e) => ({ type: 'error', message: errorText(e) }) : false,
      });
    } finally {
      // the header balance (components/DepositBalance.tsx)
      await invalidate({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] });
      await invalidate({ resource: RESOURCES.topUps, invalidates: ['list'] });
    }
  };
  return { decide, deciding: mutation.isPending };
}
