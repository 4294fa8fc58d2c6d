/** /agent/news/:id: one article (title, cover, tags, date, author, the sanitised body). */
import { Button, Result, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../../../contract/content';
import { assetUrl, formatDateTime, SafeHtml } from '../../../src/sdk';
import { NEWS_META, RESOURCES } from '../api';
import { ErrorState, LoadingState } from '../components/NewsStates';
import '../news.css';

export default function NewsArticlePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { result: article, query } = useOne<NewsArticle>({ resource: RESOURCES.news, id: id ?? '', meta: NEWS_META, queryOptions: { enabled: !!id } });

  const back = (
    <Link to="/agent/news">
      <Button type="link" icon={<ArrowLeftOutlined />} className="news-back">
        {t('news.article.back')}
      </Button>
    </Link>
  );

  if (query.isLoading) return <LoadingState rows={10} />;
  if (query.isError) {
    const status = (query.error as { statusCode?: number } | null)?.statusCode;
    if (status === 404) return <Result status="404" title={t('news.article.notFound')} extra={back} />;
    return (
      <div className="news-page">
        {back}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!article) return null;
  const date = article.publishFrom ?? article.publishedAt ?? article.updatedAt;

  return (
    <article className="news-page news-article">
      {back}
      <Typography.Title level={1} className="page-title news-article-title">
        {article.title}
      </Typography.Title>
      <div className="muted news-article-meta">
        <time dateTime={date}>{formatDateTime(date)}</time>
        {article.authorName && <span> · {article.authorName}</span>}
      </div>
      {article.tags.length > 0 && (
        <div className="news-tags">
          {article.tags.map((tag) => (
            <Link key={tag} to={`/agent/news-by-tag?tag=${encodeURIComponent(tag)}`}>
              <Tag color="blue">#{tag}</Tag>
            </Link>
          ))}
        </div>
      )}
      {article.coverUrl && <img src={assetUrl(article.coverUrl)} alt="" className="news-article-cover" />}
      {article.summary && <p className="news-article-summary">{article.summary}</p>}
      <SafeHtml html={article.bodyHtml} className="news-body" />
    </article>
  );
}
