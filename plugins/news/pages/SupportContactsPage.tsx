/** /agent/online-support-config (open): the support contacts shown to the agency's users. */
import { Alert, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { SupportList } from '../../../contract/content';
import { SupportContactList } from '../components/SupportContactList';
import { RESOURCES } from '../api';
import { EmptyState, ErrorState, LoadingState } from '../components/NewsStates';
import '../news.css';

export default function SupportContactsPage() {
  const { t } = useTranslation();
  const { result, query } = useCustom<SupportList>({ url: ADMIN_API.supportPanel, method: 'get', meta: { resource: RESOURCES.support } });
  const items = (result.data?.data ?? []).filter((c) => c.active);
  return (
    <div className="news-page support-page">
      <Typography.Title level={1} className="page-title">
        {t('support.view.title')}
      </Typography.Title>
      {query.isLoading ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState text={t('support.panel.empty')} />
      ) : (
        <>
          {result.data?.inherited && <Alert type="info" showIcon message={t('support.view.inherited')} className="support-inherited" />}
          <SupportContactList items={items} />
        </>
      )}
    </div>
  );
}
