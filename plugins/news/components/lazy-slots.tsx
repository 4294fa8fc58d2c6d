/**
 * The news plugin's widgets of every signed-in page, loaded after the shell: the notification bell (its panel,
 * list and badge) and the online-support panel (its drawer and contact list) are not needed to show a page's
 * content. They load once the page's content is shown (not with it), and each keeps its place meanwhile: the same
 * header button (or side-menu entry), inactive.
 */
import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { BellOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { useAfterContent, type HeaderWidgetProps } from '../../../src/sdk';

const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
const SupportPanel = lazy(() => import('./SupportPanel').then((m) => ({ default: m.SupportPanel })));

function BellPlaceholder() {
  return (
    <Button type="text" className="header-icon-button notif-trigger" disabled aria-hidden tabIndex={-1}>
      <BellOutlined style={{ fontSize: 18 }} />
    </Button>
  );
}

export function LazyNotificationBell() {
  if (!useAfterContent()) return <BellPlaceholder />;
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationBell />
    </Suspense>
  );
}

function SupportPlaceholder({ inMenu }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  return inMenu ? (
    <Button type="text" block className="support-menu-entry" icon={<CustomerServiceOutlined />} disabled aria-hidden tabIndex={-1}>
      {t('support.panel.title')}
    </Button>
  ) : (
    <Button type="text" className="header-icon-button support-trigger" icon={<CustomerServiceOutlined />} disabled aria-hidden tabIndex={-1} />
  );
}

export function LazySupportPanel(props: HeaderWidgetProps) {
  if (!useAfterContent()) return <SupportPlaceholder inMenu={props.inMenu} />;
  return (
    <Suspense fallback={<SupportPlaceholder inMenu={props.inMenu} />}>
      <SupportPanel {...props} />
    </Suspense>
  );
}
