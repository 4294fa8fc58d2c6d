/**
 * The deposit balance the issue confirmation states, read through the data provider, and the refresh after money
 * moves: every data-provider read on screen is read again (the booking, the work list, that balance), and so is
 * the header balance, kept under the shared cache tag DEPOSIT_BALANCE_KEY (see api.ts).
 */
import { useCustom, useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { DEPOSIT_BALANCE_KEY, type Balance } from '../../../../contract/accounting';
import { BALANCE_URL, QUIET } from '../../api';

export function useDepositBalance(): Balance | undefined {
  const { query } = useCustom<Balance>({ url: BALANCE_URL, method: 'get', meta: QUIET, queryOptions: { staleTime: 0 }, errorNotification: false });
  return query.data?.data;
}

export function useMoneyRefresh(): () => Promise<void> {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return async () => {
    await Promise.all([invalidate({ invalidates: ['all'] }), client.invalidateQueries({ queryKey: DEPOSIT_BALANCE_KEY })]);
  };
}
