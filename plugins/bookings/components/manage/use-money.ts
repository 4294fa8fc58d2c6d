/**
 * The deposit balance the issue confirmation states, read through the data provider, and the refresh after money
 * moves: every data-provider read is read again (the booking, the work list, that balance, and the header
 * balance, whose key lies under the data provider's: contract/accounting.ts DEPOSIT_BALANCE_KEY).
 */
import { useCustom, useInvalidate } from '@refinedev/core';
import type { Balance } from '../../../../contract/accounting';
import { BALANCE_URL, QUIET } from '../../api';

export function useDepositBalance(): Balance | undefined {
  const { query } = useCustom<Balance>({ url: BALANCE_URL, method: 'get', meta: QUIET, queryOptions: { staleTime: 0 }, errorNotification: false });
  return query.data?.data;
}

export function useMoneyRefresh(): () => Promise<void> {
  const invalidate = useInvalidate();
  return async () => {
    await invalidate({ invalidates: ['all'] });
  };
}
