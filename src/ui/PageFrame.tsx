/**
 * The one frame of the domain screens: a heading (title and actions) over the content, the load-error and
 * empty states, the row edit link, and the props that give the @refinedev/antd <List> view the same look
 * (no breadcrumb, the heading's own buttons).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './admin-screens.css';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} className="page-title">
      {children}
    </Typography.Title>
  );
}

export function PageFrame({ title, extra, className, children }: { title: string; extra?: ReactNode; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className="page-heading">
        <PageTitle>{title}</PageTitle>
        {extra}
      </div>
      {children}
    </div>
  );
}

/** For a `<List>`: the PageFrame heading; `extra` replaces the view's own create button when given. */
export function listFrame(title: string, className: string, extra?: ReactNode) {
  return {
    title: <PageTitle>{title}</PageTitle>,
    breadcrumb: false as const,
    wrapperProps: { className: `${className} page-frame` },
    ...(extra === undefined ? {} : { headerButtons: <>{extra}</> }),
  };
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

/** A table row's edit link, for the forms that edit `?id=` (a Refine EditButton links to `/:id` routes only). */
export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} aria-label={label}>
      <Button size="small" icon={<EditOutlined />} title={label} tabIndex={-1} />
    </Link>
  );
}
