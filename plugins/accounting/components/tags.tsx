/** The tags of the deposit screens: a top-up's status, a ledger entry's type. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntryType, TopUpStatus } from '../../../contract/accounting';

const STATUS_COLOR: Record<TopUpStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function StatusTag({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="topup-status" data-status={status}>
      {t(`accounting.status.${status}`)}
    </Tag>
  );
}

const TYPE_COLOR: Record<EntryType, string> = { T: 'green', C: 'blue', S: 'geekblue', V: 'orange', R: 'purple' };

export function EntryTypeTag({ type }: { type: EntryType }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLOR[type]} title={t(`accounting.types.${type}`)}>
      {type} · {t(`accounting.types.${type}`)}
    </Tag>
  );
}
