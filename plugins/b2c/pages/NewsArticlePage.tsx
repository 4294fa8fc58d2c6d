/** /b2c/news/:id (USE_B2C): one article of the storefront as customers will read it, with its status. */
import { Button, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useCan, useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { B2cNews } from '../../../contract/b2c';
import { assetUrl, formatDateTime, LoadError, PageFrame, PAGES, SafeHtml } from '../../../src/sdk';
import { NEWS_META, RESOURCES } from '../api';
import { ContentStatusTag } from '../components/ContentStatusTag';
import '../b2c.css';

export default function NewsArticlePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: can } = useCan({ resource: RESOURCES.news, action: 'write' });
  const { result: a, query } = useOne<B2cNews, HttpError>({ resource: RESOURCES.news, id: id ?? '', meta: NEWS_META, queryOptions: { enabled: !!id, retry: false }, errorNotification: false });
  const back = <Link to={PAGES.b2c.news}><ArrowLeftOutlined /> {t('b2c.news.backToList')}</Link>;

  if (query.isLoading) return <PageFrame title={t('b2c.news.title')} className="b2c-page" extra={back}><Skeleton active paragraph={{ rows: 10 }} /></PageFrame>;
  if (query.isError || !a) {
    const notFound = query.error?.statusCode === 404;
    return (
      <PageFrame title={t('b2c.news.title')} className="b2c-page" extra={back}>
        {notFound ? <Typography.Paragraph>{t('b2c.news.notFound')}</Typography.Paragraph> : <LoadError onRetry={() => void query.refetch()} />}
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={a.title}
      className="b2c-page"
      extra={
        <Space wrap>
          {back}
          {can?.can && <Link to={`${PAGES.b2c.changeNews}?id=${a.id}`}><Button icon={<EditOutlined />} data-testid="news-edit">{t('b2c.news.editShort')}</Button></Link>}
        </Space>
      }
    >
      <article className="b2c-article">
        <div className="muted b2c-article-meta">
          <ContentStatusTag status={a.status} />
          {a.publishedAt && <time dateTime={a.publishedAt}>{formatDateTime(a.publishedAt)}</time>}
          {a.authorName && <span> · {a.authorName}</span>}
        </div>
        {a.tags.length > 0 && (
          <div className="b2c-tags">
            {a.tags.map((x) => <Link key={x} to={`${PAGES.b2c.newsByTag}?tag=${encodeURIComponent(x)}`}><Tag color="blue">#{x}</Tag></Link>)}
          </div>
        )}
        {a.coverUrl && <img src={assetUrl(a.coverUrl)} alt="" className="b2c-article-cover" />}
        {a.summary && <p className="b2c-article-summary">{a.summary}</p>}
        <SafeHtml html={a.bodyHtml} className="news-body" />
      </article>
    </PageFrame>
  );
}
