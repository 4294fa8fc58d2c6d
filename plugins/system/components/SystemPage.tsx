/** Heading, error and empty states shared by the system administration screens. */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../system.css';

export function SystemPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-page">
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
      className="form-alert"
      message={t('system.common.loadError')}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('system.common.retry')}
          </Button>
        )
      }
    />
  );
}

export function EmptyRows() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.common.empty')} />;
}
