/**
 * The floating online-support panel of every signed-in page: a FloatButton opening a drawer with the
 * agency's support contacts (GET /api/agents/online-support-config: its own, else the nearest ancestor's),
 * each with click-to-call and Zalo links. The contacts load when the panel first opens.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Empty, FloatButton, Skeleton } from 'antd';
import { CustomerServiceOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { SupportList } from '../../../contract/content';
import { SupportContactList } from './SupportContactList';
import './support.css';

export function SupportPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { result, query } = useCustom<SupportList>({
    url: ADMIN_API.supportPanel,
    method: 'get',
    meta: { resource: 'online-support' },
    queryOptions: { enabled: wanted },
  });
  const items = (result.data?.data ?? []).filter((c) => c.active);

  return (
    <>
      <FloatButton
        icon={<CustomerServiceOutlined />}
        type="primary"
        tooltip={t('support.panel.title')}
        aria-label={t('support.panel.open')}
        className="support-float"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('support.panel.title')}
        placement="right"
        width="min(400px, 100vw)"
        className="support-drawer"
      >
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={t('support.panel.loadError')}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                {t('support.panel.retry')}
              </Button>
            }
          />
        ) : items.length === 0 ? (
          <Empty description={t('support.panel.empty')} />
        ) : (
          <>
            <p className="muted support-intro">{t('support.panel.intro')}</p>
            <SupportContactList items={items} compact />
          </>
        )}
      </Drawer>
    </>
  );
}
