/** What the system forms share: the `?id=` being edited, the PageFrame with its states, Save and Back. */
import type { ReactNode } from 'react';
import { Button, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadError, PageFrame } from '../../../src/sdk';
import '../system.css';

/** The `?id=` of an edit screen (a positive integer), or null for a new record. */
export function useEditId(): number | null {
  const raw = new URLSearchParams(useLocation().search).get('id');
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

export interface SystemFormProps {
  title: string;
  /** What the form needs failed to load (then `onRetry`), or is not there yet. */
  failed: boolean;
  loading: boolean;
  onRetry?: () => void;
  children: ReactNode;
}

export function SystemForm({ title, failed, loading, onRetry, children }: SystemFormProps) {
  return (
    <PageFrame title={title} className="admin-page">
      {failed ? <LoadError onRetry={onRetry} /> : loading ? <Skeleton active paragraph={{ rows: 10 }} /> : children}
    </PageFrame>
  );
}

/** Save (submits the form) and Back to `listPath`. */
export function FormButtons({ saving, listPath }: { saving: boolean; listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space wrap>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('system.common.save')}
      </Button>
      <Button onClick={() => navigate(listPath)}>{t('system.common.back')}</Button>
    </Space>
  );
}
