/** Heading, error and empty states shared by the deposit screens. */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntryType, TopUpStatus } from '../../../contract/accounting';
import { LoadError as SharedLoadError, PageFrame } from '../../../src/sdk';
import '../accounting.css';

export { EmptyRows } from '../../../src/sdk';

export function LoadError({ onRetry }: { onRetry?: () => void }) {
  return <SharedLoadError onRetry={onRetry} className="accounting-alert" />;
}

export function AccountingPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <PageFrame title={title} extra={extra} className="accounting-page">
      {children}
    </PageFrame>
  );
}

const STATUS_COLOR: Record<TopUpStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function StatusTag({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`accounting.status.${status}`)}</Tag>;
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
