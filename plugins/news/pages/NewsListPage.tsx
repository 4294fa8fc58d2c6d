/**
 * /agent/news and /agent/news-by-tag?tag=: the published news the user may read, with search, tag chips,
 * cover images and pages. Search, tag and page live in the URL so a list can be shared and reloaded.
 */
import { useState } from 'react';
import { Card, Col, Input, Pagination, Row, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useCustom, useList } from '@refinedev/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { NewsSummary } from '../../../contract/content';
import { assetUrl, formatDate } from '../../../src/sdk';
import { NEWS_META, RESOURCES } from '../api';
import { EmptyState, ErrorState, LoadingState } from '../components/NewsStates';
import '../news.css';

export const NEWS_PAGE_SIZE = 9;

export function NewsCard({ item }: { item: NewsSummary }) {
  const { t } = useTranslation();
  const date = item.publishFrom ?? item.publishedAt ?? item.updatedAt;
  return (
    <Card
      className="news-card"
      hoverable
      cover={
        item.coverUrl ? (
          <img src={assetUrl(item.coverUrl)} alt="" loading="lazy" className="news-card-cover" />
        ) : (
          <div className="news-card-cover news-card-cover-empty" aria-hidden="true">
            <PictureOutlined />
          </div>
        )
      }
    >
      <Link to={`/agent/news/${item.id}`} className="news-card-title">
        {item.title}
      </Link>
      <div className="muted news-card-date">
        {t('news.list.publishedOn', { date: formatDate(date) })}
      </div>
      {item.summary && <Typography.Paragraph ellipsis={{ rows: 3 }} className="news-card-summary">{item.summary}</Typography.Paragraph>}
      <div className="news-tags">
        {item.tags.map((tag) => (
          <Link key={tag} to={`/agent/news-by-tag?tag=${encodeURIComponent(tag)}`}>
            <Tag color="blue">#{tag}</Tag>
          </Link>
        ))}
      </div>
    </Card>
  );
}

export default function NewsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const q = params.get('q') ?? '';
  const currentPage = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);

  const { result, query } = useList<NewsSummary>({
    resource: RESOURCES.news,
    meta: NEWS_META,
    pagination: { currentPage, pageSize: NEWS_PAGE_SIZE },
    filters: [
      { field: 'q', operator: 'eq', value: q || undefined },
      { field: 'tag', operator: 'eq', value: tag || undefined },
    ],
  });
  const tags = useCustom<{ data: { tag: string; count: number }[]; total: number }>({ url: ADMIN_API.newsTags, method: 'get', meta: { resource: RESOURCES.news } });
  const tagItems = tags.result.data?.data ?? [];

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const chooseTag = (value: string | null) => {
    const rest = new URLSearchParams();
    if (q) rest.set('q', q);
    if (value) rest.set('tag', value);
    navigate(`${value ? '/agent/news-by-tag' : '/agent/news'}${rest.size ? `?${rest}` : ''}`);
  };

  return (
    <div className="news-page">
      <div className="page-heading">
        <Typography.Title level={1} className="page-title">
          {tag ? t('news.list.byTagTitle', { tag }) : t('news.list.title')}
        </Typography.Title>
      </div>
      <div className="news-toolbar">
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined, page: undefined })}
          placeholder={t('news.list.searchPlaceholder')}
          aria-label={t('news.list.search')}
          className="news-search"
          enterButton
        />
        <div className="news-chips" role="group" aria-label={t('news.list.tags')}>
          <Tag.CheckableTag checked={!tag} onChange={() => chooseTag(null)}>
            {t('news.list.allTags')}
          </Tag.CheckableTag>
          {tagItems.map((item) => (
            <Tag.CheckableTag key={item.tag} checked={tag === item.tag} onChange={(on) => chooseTag(on ? item.tag : null)}>
              #{item.tag} <span className="news-chip-count">{item.count}</span>
            </Tag.CheckableTag>
          ))}
        </div>
      </div>
      {query.isLoading ? (
        <LoadingState rows={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : result.data.length === 0 ? (
        <EmptyState text={q || tag ? t('news.list.noMatch') : t('news.list.empty')} />
      ) : (
        <>
          <Row gutter={[16, 16]} className="news-grid">
            {result.data.map((item) => (
              <Col key={item.id} xs={24} sm={12} xl={8}>
                <NewsCard item={item} />
              </Col>
            ))}
          </Row>
          <Pagination
            className="news-pagination"
            current={currentPage}
            pageSize={NEWS_PAGE_SIZE}
            total={result.total ?? 0}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={(page) => update({ page: page > 1 ? String(page) : undefined })}
          />
        </>
      )}
    </div>
  );
}
