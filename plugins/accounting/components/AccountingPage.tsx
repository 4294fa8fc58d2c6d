/** Heading, error and empty states shared by the deposit screens. */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntryType, TopUpStatus } from '../../../contract/accounting';
import '../accounting.css';

export function AccountingPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="accounting-page">
      <div className="page-heading">
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="accounting-alert"
      message={t('accounting.common.loadError')}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('accounting.common.retry')}
          </Button>
        )
      }
    />
  );
}

export function EmptyRows() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounting.common.empty')} />;
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
