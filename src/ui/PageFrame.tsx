/** Heading, load-error and empty states shared by the domain screens (agents, system, accounting), with the admin screens' styles. */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './admin-screens.css';

export function PageFrame({ title, extra, className, children }: { title: string; extra?: ReactNode; className: string; children: ReactNode }) {
  return (
    <div className={className}>
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

export function LoadError({ onRetry, className = 'form-alert' }: { onRetry?: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className={className}
      message={t('shell.common.loadError')}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('shell.common.retry')}
          </Button>
        )
      }
    />
  );
}

export function EmptyRows() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.common.empty')} />;
}
