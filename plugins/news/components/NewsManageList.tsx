/** The writers' list on /agent/change-news: the agency's articles, drafts included, with search and status. */
import { useState } from 'react';
import { Button, Input, Segmented, Space, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsSummary } from '../../../contract/content';
import { formatDateTime, listFrame } from '../../../src/sdk';
import { NEWS_MANAGE_META, RESOURCES } from '../api';
import { newsState, type NewsState } from '../model/content';
import { EmptyState, ErrorState } from './NewsStates';
import { RowDelete } from './RowDelete';

const STATE_COLOURS: Record<NewsState, string> = { draft: 'default', scheduled: 'gold', live: 'green', expired: 'red' };
const PAGE_SIZE = 10;

export function NewsManageList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'all' | 'draft' | 'published'>('all');
  const { result, query } = useList<NewsSummary>({
    resource: RESOURCES.newsManage,
    meta: NEWS_MANAGE_META,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters: [
      { field: 'q', operator: 'eq', value: q || undefined },
      { field: 'status', operator: 'eq', value: status === 'all' ? undefined : status },
    ],
  });

  return (
    <List
      resource={RESOURCES.newsManage}
      {...listFrame(
        t('news.manage.title'),
        'news-page',
        <Link to="/agent/change-news?id=new">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('news.manage.create')}
          </Button>
        </Link>,
      )}
    >
      <div className="news-toolbar">
        <Input.Search
          allowClear
          placeholder={t('news.list.searchPlaceholder')}
          aria-label={t('news.list.search')}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
          className="news-search"
        />
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as typeof status);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('news.manage.all') },
            { value: 'draft', label: t('news.status.draft') },
            { value: 'published', label: t('news.status.published') },
          ]}
        />
      </div>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<NewsSummary>
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          dataSource={result.data}
          scroll={{ x: 640 }}
          locale={{ emptyText: <EmptyState text={q || status !== 'all' ? t('news.list.noMatch') : t('news.manage.empty')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: result.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            {
              title: t('news.form.title'),
              dataIndex: 'title',
              render: (title: string, row) => (
                <div>
                  <Link to={`/agent/change-news?id=${row.id}`} className="news-manage-title">
                    {title}
                  </Link>
                  <div className="news-tags">
                    {row.tags.map((tag) => (
                      <Tag key={tag}>#{tag}</Tag>
                    ))}
                  </div>
                </div>
              ),
            },
            {
              title: t('news.form.status'),
              key: 'state',
              width: 130,
              render: (_, row) => {
                const state = newsState(row);
                return <Tag color={STATE_COLOURS[state]}>{t(`news.state.${state}`)}</Tag>;
              },
            },
            { title: t('news.manage.updated'), dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
            {
              title: t('news.manage.actions'),
              key: 'actions',
              width: 110,
              fixed: 'right',
              render: (_, row) => (
                <Space>
                  <Link to={`/agent/change-news?id=${row.id}`} aria-label={t('news.manage.edit', { title: row.title })}>
                    <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
                  </Link>
                  <RowDelete resource={RESOURCES.newsManage} id={row.id} meta={NEWS_MANAGE_META} name={row.title} confirmKey="news.manage.deleteConfirm" doneKey="news.manage.deleted" />
                </Space>
              ),
            },
          ]}
        />
      )}
    </List>
  );
}
