/** /agent/online-support (ADMIN_F1): the agency's support contacts, inactive included; edit, add, delete. */
import { Button, Space, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportContact } from '../../../contract/content';
import { listFrame } from '../../../src/sdk';
import { telHref, zaloHref } from '../components/contact-links';
import { RESOURCES, SUPPORT_META } from '../api';
import { EmptyState, ErrorState } from '../components/NewsStates';
import { RowDelete } from '../components/RowDelete';
import '../news.css';

export default function SupportAdminPage() {
  const { t } = useTranslation();
  const { result, query } = useList<SupportContact>({ resource: RESOURCES.support, meta: SUPPORT_META, pagination: { mode: 'off' } });

  return (
    <List
      resource={RESOURCES.support}
      {...listFrame(
        t('support.admin.title'),
        'news-page',
        <Link to="/agent/change-online-support">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('support.admin.create')}
          </Button>
        </Link>,
      )}
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<SupportContact>
          rowKey="id"
          loading={query.isLoading}
          dataSource={result.data}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: <EmptyState text={t('support.admin.empty')} /> }}
          columns={[
            { title: t('support.form.name'), dataIndex: 'name', render: (v: string, c) => <Link to={`/agent/change-online-support?id=${c.id}`}>{v}</Link> },
            { title: t('support.form.phone'), dataIndex: 'phone', render: (v: string | null) => (v ? <a href={telHref(v) ?? undefined}>{v}</a> : '—') },
            {
              title: t('support.form.zalo'),
              dataIndex: 'zalo',
              render: (v: string | null) => {
                const href = zaloHref(v);
                return v ? (href ? <a href={href} target="_blank" rel="noopener noreferrer">{v}</a> : v) : '—';
              },
            },
            { title: t('support.form.hours'), dataIndex: 'hours', render: (v: string | null) => v ?? '—' },
            { title: t('support.form.topic'), dataIndex: 'topic', render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : '—') },
            { title: t('support.form.order'), dataIndex: 'sortOrder', width: 80 },
            { title: t('support.form.active'), dataIndex: 'active', width: 110, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('support.admin.on') : t('support.admin.off')}</Tag> },
            {
              title: t('news.manage.actions'),
              key: 'actions',
              width: 110,
              fixed: 'right',
              render: (_, c) => (
                <Space>
                  <Link to={`/agent/change-online-support?id=${c.id}`} aria-label={t('news.manage.edit', { title: c.name })}>
                    <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
                  </Link>
                  <RowDelete resource={RESOURCES.support} id={c.id} meta={SUPPORT_META} name={c.name} confirmKey="support.admin.deleteConfirm" doneKey="support.admin.deleted" />
                </Space>
              ),
            },
          ]}
        />
      )}
    </List>
  );
}
