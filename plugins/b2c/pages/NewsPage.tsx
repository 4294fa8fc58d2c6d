/**
 * /b2c/news and /b2c/news-by-tag?tag= (USE_B2C): the storefront's articles, drafts included, with search, tag
 * chips and a status filter. The tag lives in the URL so a filtered list can be shared and reloaded.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCan, useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { B2C_API, CONTENT_STATUSES, type B2cNewsSummary, type ContentStatus } from '../../../contract/b2c';
import { EmptyRows, formatDate, linkTo, listFrame, LoadError, PAGES } from '../../../src/sdk';
import { NEWS_META, RESOURCES } from '../api';
import { ContentStatusTag } from '../components/ContentStatusTag';
import '../b2c.css';

export default function NewsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const [status, setStatus] = useState<ContentStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();
  const { data: can } = useCan({ resource: RESOURCES.news, action: 'write' });
  const { tableProps, tableQuery, setFilters } = useTable<B2cNewsSummary>({
    resource: RESOURCES.news,
    meta: NEWS_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'tag', operator: 'eq', value: tag }] },
  });
  const tags = useCustom<{ data: { tag: string; count: number }[]; total: number }>({ url: B2C_API.newsTags, method: 'get', meta: { resource: RESOURCES.news } });
  const tagItems = tags.result.data?.data ?? [];

  useEffect(() => {
    setFilters([{ field: 'tag', operator: 'eq', value: tag }, { field: 'status', operator: 'eq', value: status }, { field: 'q', operator: 'eq', value: q }], 'replace');
    // the filters follow the URL's tag and the two controls
  }, [tag, status, q, setFilters]);

  const chooseTag = (value: string | null) => navigate(value ? `${PAGES.b2c.newsByTag}?tag=${encodeURIComponent(value)}` : PAGES.b2c.news);

  const columns: ColumnsType<B2cNewsSummary> = [
    {
      title: t('b2c.news.headline'),
      dataIndex: 'title',
      key: 'title',
      render: (v: string, r) => (
        <div>
          <Link to={linkTo(PAGES.b2c.newsArticle, { id: r.id })} data-testid="news-link">{v}</Link>
          {r.tags.length > 0 && (
            <div className="b2c-tags">
              {r.tags.map((x) => <Tag key={x} color="blue">#{x}</Tag>)}
            </div>
          )}
        </div>
      ),
    },
    { title: t('b2c.tours.status'), dataIndex: 'status', key: 'status', width: 130, render: (v: ContentStatus) => <ContentStatusTag status={v} /> },
    { title: t('b2c.news.publishedAt'), dataIndex: 'publishedAt', key: 'publishedAt', width: 140, render: (v: string | null) => (v ? formatDate(v) : '—') },
    ...(can?.can
      ? [{
          title: '',
          key: 'edit',
          width: 64,
          render: (_: unknown, r: B2cNewsSummary) => (
            <Link to={`${PAGES.b2c.changeNews}?id=${r.id}`} aria-label={t('b2c.news.edit', { title: r.title })}><EditOutlined /></Link>
          ),
        }]
      : []),
  ];

  return (
    <List
      resource={RESOURCES.news}
      {...listFrame(
        tag ? t('b2c.news.byTagTitle', { tag }) : t('b2c.news.title'),
        'b2c-page',
        can?.can ? (
          <Link to={PAGES.b2c.changeNews}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="news-new">{t('b2c.news.new')}</Button>
          </Link>
        ) : null,
      )}
    >
      <div className="b2c-filters">
        <Input.Search allowClear placeholder={t('b2c.news.searchPlaceholder')} aria-label={t('b2c.news.searchPlaceholder')} onSearch={(v) => setQ(v.trim() || undefined)} />
        <Select<ContentStatus> allowClear placeholder={t('b2c.tours.allStatuses')} aria-label={t('b2c.tours.status')} value={status} onChange={setStatus}
          options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`b2c.contentStatus.${s}`) }))} />
      </div>
      {tagItems.length > 0 && (
        <div className="b2c-chips" role="group" aria-label={t('b2c.news.tags')}>
          <Tag.CheckableTag checked={!tag} onChange={() => chooseTag(null)}>{t('b2c.news.allTags')}</Tag.CheckableTag>
          {tagItems.map((item) => (
            <Tag.CheckableTag key={item.tag} checked={tag === item.tag} onChange={(on) => chooseTag(on ? item.tag : null)}>
              #{item.tag} <span className="muted">{item.count}</span>
            </Tag.CheckableTag>
          ))}
        </div>
      )}
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<B2cNewsSummary> {...tableProps} rowKey="id" size="middle" columns={columns} scroll={{ x: 560 }} locale={{ emptyText: <EmptyRows /> }} data-testid="b2c-news" />
    </List>
  );
}
