/**
 * The online-support panel of every signed-in page: a button of the header (at the foot of the side-menu drawer
 * on narrow screens) opening a drawer with the agency's support contacts (GET /api/agents/online-support-config:
 * its own, else the nearest ancestor's), each with click-to-call and Zalo links. The contacts load when the
 * panel first opens. It never floats over the page, so it covers none of a page's buttons.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Skeleton, Tooltip } from 'antd';
import { CustomerServiceOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { SupportList } from '../../../contract/content';
import { SupportContactList } from './SupportContactList';
import './support.css';

/** The header slot's props (src/plugin.ts HeaderWidgetProps). */
interface Props {
  compact: boolean;
  inMenu?: boolean;
  onActivate?: () => void;
}

export function SupportPanel({ inMenu = false, onActivate }: Props) {
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
  // the button that opened the panel gets the focus back on close; if it is gone from view (the side-menu
  // drawer closed), the main content does
  const opener = useRef<HTMLElement | null>(null);
  const show = (e: React.MouseEvent<HTMLElement>) => {
    opener.current = e.currentTarget;
    setWanted(true);
    setOpen(true);
    onActivate?.();
  };

  return (
    <>
      {inMenu ? (
        <Button type="text" block className="support-menu-entry" icon={<CustomerServiceOutlined />} aria-haspopup="dialog" aria-expanded={open} onClick={show}>
          {t('support.panel.title')}
        </Button>
      ) : (
        <Tooltip title={t('support.panel.title')}>
          <Button
            type="text"
            className="header-icon-button support-trigger"
            icon={<CustomerServiceOutlined />}
            aria-label={t('support.panel.open')}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={show}
          />
        </Tooltip>
      )}
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('support.panel.title')}
        placement="right"
        width="min(400px, 100vw)"
        className="support-drawer"
        afterOpenChange={(visible) => {
          if (visible) return;
          const back = opener.current;
          (back && back.isConnected && back.offsetParent !== null ? back : document.getElementById('main-content'))?.focus({ preventScroll: true });
        }}
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
