/** Loading, empty and error states shared by the news plugin's screens. */
import { Alert, Button, Empty, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function LoadingState({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="news-loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

export function EmptyState({ text, action }: { text: string; action?: React.ReactNode }) {
  return (
    <Empty description={text} className="news-empty">
      {action}
    </Empty>
  );
}

export function ErrorState({ error, onRetry }: { error?: { message?: string } | null; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={t('news.common.loadError')}
      description={error?.message}
      action={
        onRetry && (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('news.common.retry')}
          </Button>
        )
      }
    />
  );
}
