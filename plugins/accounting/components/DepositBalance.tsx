/**
 * The agency's live deposit balance in the header (GET /api/accounting/balance, open to every signed-in
 * user), read through the data provider as the resource `deposit-balance`. Refreshes every 60 s, when the
 * window regains focus, and whenever a screen invalidates that resource (a top-up approved, a ticket issued).
 * A failed poll shows a dash, never a toast.
 */
import { Tooltip } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_API, DEPOSIT_BALANCE_KEY, type Balance } from '../../../contract/accounting';
import { formatVnd } from '../../../src/sdk';
import './deposit.css';

export const BALANCE_POLL_MS = 60_000;

export function DepositBalance({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { query } = useCustom<Balance>({
    url: ACCOUNTING_API.balance,
    method: 'get',
    meta: { silent: true, overlay: false },
    errorNotification: false,
    queryOptions: { queryKey: DEPOSIT_BALANCE_KEY, refetchInterval: BALANCE_POLL_MS, refetchOnWindowFocus: true, staleTime: 0 },
  });
  const data = query.data?.data;
  const isError = query.isError;
  const text = data ? formatVnd(data.balance) : isError ? '—' : '…';
  const tip = data
    ? [t('accounting.balance.label'), formatVnd(data.balance), data.creditLimit > 0 ? t('accounting.balance.creditLimit', { amount: formatVnd(data.creditLimit) }) : null]
        .filter(Boolean)
        .join(' · ')
    : t('accounting.balance.label');
  return (
    <Tooltip title={tip}>
      <div
        className={`header-balance${data && data.balance < 0 ? ' header-balance-negative' : ''}${compact ? ' header-balance-compact' : ''}`}
        data-testid="header-balance"
        data-balance={data?.balance ?? ''}
        aria-label={`${t('accounting.balance.label')}: ${text}`}
        role="status"
      >
        <WalletOutlined aria-hidden />
        <span className="header-balance-amount">{text}</span>
      </div>
    </Tooltip>
  );
}
