/**
 * /banner (((AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW) || ADMIN_NEWS): the agency's home-page banners —
 * image, link (http/https), order, schedule, active — with a form in a dialog and a confirmed delete.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useList, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../../../contract/content';
import { assetUrl, formatDateTime, listFrame, preloadRangePicker, useAfterContent } from '../../../src/sdk';
import { BANNERS_META, RESOURCES } from '../api';
import { BannerThumb } from '../components/BannerThumb';
import { EmptyState, ErrorState } from '../components/NewsStates';
import { RowDelete } from '../components/RowDelete';
import '../news.css';

// the form opens on a click: its code (antd Form, InputNumber, Switch, the image picker) is fetched once the list is
// shown, with the range picker, so it is there when the form opens
const loadBannerForm = () => import('../components/BannerForm');
const BannerForm = lazy(() => loadBannerForm().then((m) => ({ default: m.BannerForm })));

export default function BannersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Banner | null | undefined>(undefined);
  const { result, query } = useList<Banner>({ resource: RESOURCES.banners, meta: BANNERS_META, pagination: { mode: 'off' } });
  const { mutate: update } = useUpdate<Banner>();
  // the form's range picker is its own chunk: fetched once the list is shown, so it is there when the form opens
  const contentShown = useAfterContent();
  useEffect(() => {
    if (!contentShown) return;
    preloadRangePicker().catch(() => undefined);
    loadBannerForm().catch(() => undefined);
  }, [contentShown]);

  return (
    <List
      resource={RESOURCES.banners}
      {...listFrame(
        t('banner.page.title'),
        'news-page',
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('banner.page.create')}
        </Button>,
      )}
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<Banner>
          rowKey="id"
          loading={query.isLoading}
          dataSource={result.data}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <EmptyState text={t('banner.page.empty')} /> }}
          columns={[
            { title: t('banner.form.image'), key: 'image', width: 140, render: (_, b) => <BannerThumb src={assetUrl(b.imageUrl)} alt={b.title} /> },
            {
              title: t('banner.form.title'),
              dataIndex: 'title',
              render: (title: string, b) => (
                <div>
                  <div className="news-manage-title">{title}</div>
                  {b.link && (
                    <a href={b.link} target="_blank" rel="noopener noreferrer" className="banner-link">
                      {b.link}
                    </a>
                  )}
                </div>
              ),
            },
            { title: t('banner.form.order'), dataIndex: 'sortOrder', width: 80 },
            {
              title: t('banner.form.schedule'),
              key: 'schedule',
              width: 200,
              render: (_, b) => (b.startsAt || b.endsAt ? `${formatDateTime(b.startsAt) || '…'} → ${formatDateTime(b.endsAt) || '…'}` : <Tag>{t('banner.page.always')}</Tag>),
            },
            {
              title: t('banner.form.active'),
              key: 'active',
              width: 90,
              render: (_, b) => (
                <Switch
                  checked={b.active}
                  aria-label={t('banner.page.toggle', { title: b.title })}
                  onChange={(active) => update({ resource: RESOURCES.banners, id: b.id, values: { active }, meta: BANNERS_META, successNotification: false })}
                />
              ),
            },
            {
              title: t('news.manage.actions'),
              key: 'actions',
              width: 110,
              fixed: 'right',
              render: (_, b) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} aria-label={t('news.manage.edit', { title: b.title })} onClick={() => setEditing(b)} />
                  <RowDelete resource={RESOURCES.banners} id={b.id} meta={BANNERS_META} name={b.title} confirmKey="banner.page.deleteConfirm" doneKey="banner.page.deleted" />
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && (
        <Suspense fallback={null}>
          <BannerForm banner={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
    </List>
  );
}
