/**
 * /b2c/change-news (USE_B2C): writes an article of the storefront — `?id=<id>` changes one, without it a new
 * one. The portal's rich-text editor and image upload (the same as news); the gateway sanitises the body.
 */
import { Button, Form, Input, Popconfirm, Radio, Select, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useInvalidate, useOne, useUpdate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONTENT_STATUSES, type B2cNews, type B2cNewsInput } from '../../../contract/b2c';
import { ImageUpload, linkTo, LoadError, PageFrame, PAGES, RichTextEditor } from '../../../src/sdk';
import { NEWS_META, RESOURCES } from '../api';
import { hasContent, newsToValues, valuesToNewsInput, type NewsFormValues } from '../model/content-form';
import '../b2c.css';

export default function ChangeNewsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const id = params.get('id');
  const editing = id !== null && /^\d{1,9}$/.test(id);
  const { result: article, query } = useOne<B2cNews, HttpError>({ resource: RESOURCES.news, id: id ?? '', meta: NEWS_META, queryOptions: { enabled: editing, retry: false }, errorNotification: false });
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<B2cNews, HttpError, B2cNewsInput>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<B2cNews, HttpError, B2cNewsInput>();
  const { mutate: remove, mutation: { isPending: removing } } = useDelete();

  const title = editing ? t('b2c.changeNews.editTitle') : t('b2c.changeNews.createTitle');
  const back = <Link to={editing ? linkTo(PAGES.b2c.newsArticle, { id: id! }) : PAGES.b2c.news}><ArrowLeftOutlined /> {t('b2c.common.back')}</Link>;
  if (editing && query.isLoading) return <PageFrame title={title} className="b2c-page"><Skeleton active paragraph={{ rows: 12 }} /></PageFrame>;
  if (editing && query.isError) return <PageFrame title={title} className="b2c-page" extra={back}><LoadError onRetry={() => void query.refetch()} /></PageFrame>;

  const submit = async (v: NewsFormValues) => {
    const values = valuesToNewsInput(v);
    const successNotification = () => ({ type: 'success' as const, message: t(values.status === 'published' ? 'b2c.changeNews.published' : 'b2c.changeNews.saved') });
    const errorNotification = (e?: HttpError) => ({ type: 'error' as const, message: e?.message ?? t('b2c.common.failed') });
    const saved = editing
      ? await update({ resource: RESOURCES.news, id: id!, values, meta: NEWS_META, successNotification, errorNotification })
      : await create({ resource: RESOURCES.news, values, meta: NEWS_META, successNotification, errorNotification });
    await invalidate({ resource: RESOURCES.news, invalidates: ['list', 'detail'] });
    navigate(linkTo(PAGES.b2c.newsArticle, { id: saved.data.id }));
  };

  return (
    <PageFrame title={title} className="b2c-page" extra={back}>
      <Form<NewsFormValues>
        layout="vertical"
        className="b2c-form"
        initialValues={newsToValues(article)}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        scrollToFirstError
      >
        <Form.Item name="title" label={t('b2c.news.headline')} rules={[{ required: true, whitespace: true, message: t('b2c.changeNews.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} showCount data-testid="news-title" />
        </Form.Item>
        <Form.Item name="summary" label={t('b2c.changeNews.summary')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="tags" label={t('b2c.news.tags')} extra={t('b2c.changeNews.tagsHint')} rules={[{ type: 'array', max: 10, message: t('b2c.changeNews.tagsMax') }]}>
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} aria-label={t('b2c.news.tags')} data-testid="news-tags" />
        </Form.Item>
        <Form.Item name="coverUploadId" label={t('b2c.changeNews.cover')}>
          <ImageUpload label={t('b2c.changeNews.cover')} />
        </Form.Item>
        <Form.Item
          name="bodyHtml"
          label={t('b2c.changeNews.body')}
          rules={[{ validator: (_, v: string) => (hasContent(v) ? Promise.resolve() : Promise.reject(new Error(t('b2c.changeNews.bodyRequired')))) }]}
        >
          <RichTextEditor aria-label={t('b2c.changeNews.body')} />
        </Form.Item>
        <Form.Item name="status" label={t('b2c.tours.status')} extra={t('b2c.changeNews.statusHint')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`b2c.contentStatus.${s}`) }))} data-testid="news-status" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating || updating} data-testid="news-save">{t('b2c.common.save')}</Button>
          <Link to={PAGES.b2c.news}><Button tabIndex={-1}>{t('b2c.common.cancel')}</Button></Link>
          {editing && (
            <Popconfirm
              title={t('b2c.changeNews.deleteConfirm')}
              description={article?.title}
              okText={t('b2c.common.delete')}
              cancelText={t('b2c.common.cancel')}
              okButtonProps={{ danger: true, loading: removing }}
              onConfirm={() =>
                remove(
                  { resource: RESOURCES.news, id: id!, meta: NEWS_META, successNotification: () => ({ type: 'success', message: t('b2c.changeNews.deleted') }) },
                  { onSuccess: () => navigate(PAGES.b2c.news) },
                )
              }
            >
              <Button danger icon={<DeleteOutlined />}>{t('b2c.common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </PageFrame>
  );
}
