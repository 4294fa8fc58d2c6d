/**
 * The notification bell of the header: the unread count, and on click a panel with the latest
 * notifications (news published, top-up approved, hold about to expire, system events). Mark one or all
 * read; clicking one marks it read and opens its link. Polls every 60 s and when the window regains focus.
 * Spec point 4, "the notification dialog is cleared on close": the panel's transient state (filter,
 * expanded entry, error) is reset whenever it closes.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Empty, Grid, List, Popover, Segmented, Skeleton, Typography } from 'antd';
import { BellOutlined, CheckOutlined, ClockCircleOutlined, CustomerServiceOutlined, DollarOutlined, NotificationOutlined, ReadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { NotificationEntry, NotificationList } from '../../../contract/content';
import { formatDateTime } from '../../../src/sdk';
import './notifications.css';

/**
 * The bell reads as the Refine resource `notifications` (cache tag Notification of spec point 7): its key lies
 * under the one Refine gives that resource, so `useInvalidate` refreshes it after a mark-read.
 */
export const NOTIFICATION_RESOURCE = 'notifications';
export const NOTIFICATION_KEY = ['data', 'default', NOTIFICATION_RESOURCE, 'Notification'] as const;
export const POLL_MS = 60_000;

const ICONS: Record<string, React.ReactNode> = {
  news: <ReadOutlined />,
  topup_approved: <DollarOutlined />,
  hold_expiring: <ClockCircleOutlined />,
  system: <NotificationOutlined />,
  // desk
  support_request: <CustomerServiceOutlined />,
  support_reply: <CustomerServiceOutlined />,
  booking_remind: <ClockCircleOutlined />,
};

type Filter = 'all' | 'unread';

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  // below the sm breakpoint the panel is a drawer over the page, so it never runs off a 360 px screen
  const narrow = Grid.useBreakpoint().sm === false;
  const [filter, setFilter] = useState<Filter>('all');
  const [actionError, setActionError] = useState<string | null>(null);

  // silent: a failed background poll shows no network toast; the panel shows the error instead
  const { query } = useCustom<NotificationList>({
    url: ADMIN_API.notifications,
    method: 'get',
    meta: { silent: true, overlay: false },
    errorNotification: false,
    queryOptions: { queryKey: [...NOTIFICATION_KEY, i18n.language], refetchInterval: POLL_MS, refetchOnWindowFocus: true, staleTime: 0 },
  });
  const { isLoading, isError, error, refetch } = query;
  const data = query.data?.data;
  const unread = data?.unread ?? 0;
  const items = (data?.data ?? []).filter((n) => filter === 'all' || !n.read);

  const refresh = () => invalidate({ resource: NOTIFICATION_RESOURCE, invalidates: ['resourceAll'] });
  const one = useCustomMutation();
  const all = useCustomMutation();
  const after = { onSuccess: () => void refresh(), onError: (e: { message: string }) => setActionError(e.message) };
  const markOne = (id: number) =>
    one.mutate({ url: ADMIN_API.notificationRead.replace(':id', String(id)), method: 'post', values: {}, meta: { overlay: false }, errorNotification: false }, after);
  const markAll = () => all.mutate({ url: ADMIN_API.notificationsReadAll, method: 'post', values: {}, meta: { overlay: false }, errorNotification: false }, after);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) void refetch();
    else {
      // cleared on close (spec point 4)
      setFilter('all');
      setActionError(null);
    }
  };

  const follow = (n: NotificationEntry) => {
    if (!n.read) markOne(n.id);
    if (!n.link) return;
    changeOpen(false);
    if (n.link.startsWith('/')) navigate(n.link);
    else if (/^https?:\/\//i.test(n.link)) window.open(n.link, '_blank', 'noopener');
  };

  const panel = (
    <div className="notif-panel" data-testid="notification-panel">
      <div className="notif-head">
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button size="small" type="link" icon={<CheckOutlined />} disabled={unread === 0} loading={all.mutation.isPending} onClick={markAll}>
          {t('notifications.markAll')}
        </Button>
      </div>
      <Segmented
        size="small"
        block
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        options={[
          { value: 'all', label: t('notifications.all') },
          { value: 'unread', label: t('notifications.unreadTab', { count: unread }) },
        ]}
      />
      {actionError && <Alert type="error" showIcon closable message={actionError} className="notif-alert" onClose={() => setActionError(null)} />}
      <div className="notif-body">
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : isError ? (
          <Alert type="error" showIcon role="alert" message={t('notifications.loadError')} description={error?.message} action={<Button size="small" onClick={() => void refetch()}>{t('notifications.retry')}</Button>} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter === 'unread' ? t('notifications.noUnread') : t('notifications.empty')} />
        ) : (
          <List
            dataSource={items}
            rowKey="id"
            renderItem={(n) => (
              <List.Item
                className={`notif-item${n.read ? '' : ' notif-unread'}`}
                actions={
                  n.read
                    ? []
                    : [
                        <Button
                          key="read"
                          size="small"
                          type="text"
                          icon={<CheckOutlined />}
                          aria-label={t('notifications.markOne', { title: n.title })}
                          onClick={(e) => {
                            e.stopPropagation();
                            markOne(n.id);
                          }}
                        />,
                      ]
                }
              >
                <button type="button" className="notif-link" onClick={() => follow(n)}>
                  <span className="notif-icon" aria-hidden="true">
                    {ICONS[n.type] ?? ICONS.system}
                  </span>
                  <span className="notif-text">
                    <span className="notif-title">{n.title}</span>
                    {n.body && <span className="notif-desc">{n.body}</span>}
                    <span className="notif-time">{formatDateTime(n.createdAt)}</span>
                  </span>
                </button>
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );

  const trigger = (
    <Button
      type="text"
      className="header-icon-button notif-trigger"
      aria-label={t('notifications.open', { count: unread })}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={narrow ? () => changeOpen(!open) : undefined}
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <BellOutlined className="notif-bell" />
      </Badge>
    </Button>
  );

  if (narrow) {
    return (
      <>
        {trigger}
        <Drawer open={open} onClose={() => changeOpen(false)} placement="top" height="auto" closable={false} className="notif-drawer" styles={{ body: { padding: 12 } }}>
          {panel}
        </Drawer>
      </>
    );
  }
  return (
    <Popover open={open} onOpenChange={changeOpen} trigger="click" placement="bottomRight" content={panel} arrow={false} overlayClassName="notif-popover">
      {trigger}
    </Popover>
  );
}
