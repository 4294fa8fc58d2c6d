/** The article editor of /agent/change-news?id=<id|new>: title, summary, tags, cover, body, window, audience, status. */
import { Alert, Button, Checkbox, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useInvalidate, useOne, useUpdate } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_LEVELS, type NewsArticle, type NewsInput } from '../../../contract/content';
import { DATE_TIME_FORMAT, ImageUpload, LazyRangePicker, RichTextEditor } from '../../../src/sdk';
import { NEWS_MANAGE_META, RESOURCES } from '../api';
import { normaliseTags } from '../model/content';
import { ErrorState, LoadingState } from './NewsStates';

interface FormValues {
  title: string;
  summary?: string;
  tags: string[];
  coverUploadId: string | null;
  bodyHtml: string;
  status: 'draft' | 'published';
  window?: [Dayjs | null, Dayjs | null] | null;
  audience: number[];
}

function toValues(a: NewsArticle | undefined): FormValues {
  if (!a) return { title: '', summary: '', tags: [], coverUploadId: null, bodyHtml: '', status: 'draft', window: null, audience: [...AUDIENCE_LEVELS] };
  return {
    title: a.title,
    summary: a.summary ?? '',
    tags: a.tags,
    coverUploadId: a.coverUploadId,
    bodyHtml: a.bodyHtml,
    status: a.status,
    window: a.publishFrom || a.publishTo ? [a.publishFrom ? dayjs(a.publishFrom) : null, a.publishTo ? dayjs(a.publishTo) : null] : null,
    audience: a.audience,
  };
}

export function toNewsInput(v: FormValues): NewsInput {
  const [from, to] = v.window ?? [null, null];
  return {
    title: v.title.trim(),
    summary: v.summary?.trim() ? v.summary.trim() : null,
    tags: normaliseTags(v.tags ?? []),
    coverUploadId: v.coverUploadId ?? null,
    bodyHtml: v.bodyHtml,
    status: v.status,
    publishFrom: from ? from.toISOString() : null,
    publishTo: to ? to.toISOString() : null,
    audience: (v.audience as (1 | 2 | 3)[]).slice().sort(),
  };
}

export function NewsForm({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const invalidate = useInvalidate();
  const editing = id !== null;
  const { result: article, query } = useOne<NewsArticle>({ resource: RESOURCES.newsManage, id: id ?? '', meta: NEWS_MANAGE_META, queryOptions: { enabled: editing } });
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<NewsArticle>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<NewsArticle>();
  const { mutate: remove, mutation: { isPending: removing } } = useDelete();

  const done = async () => {
    await invalidate({ resource: RESOURCES.news, invalidates: ['list', 'detail'] });
    navigate('/agent/change-news');
  };

  const submit = async (values: FormValues) => {
    const input = toNewsInput(values);
    const successNotification = () => ({ type: 'success' as const, message: t(input.status === 'published' ? 'news.form.published' : 'news.form.saved') });
    if (editing) await update({ resource: RESOURCES.newsManage, id: id, values: input, meta: NEWS_MANAGE_META, successNotification });
    else await create({ resource: RESOURCES.newsManage, values: input, meta: NEWS_MANAGE_META, successNotification });
    await done();
  };

  if (editing && query.isLoading) return <LoadingState rows={10} />;
  if (editing && query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="news-page news-form-page">
      <Link to="/agent/change-news">
        <Button type="link" icon={<ArrowLeftOutlined />} className="news-back">
          {t('news.manage.backToList')}
        </Button>
      </Link>
      <Typography.Title level={1} className="page-title">
        {editing ? t('news.form.editTitle') : t('news.form.createTitle')}
      </Typography.Title>
      <Form<FormValues>
        key={article?.id ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={toValues(article)}
        onFinish={(values) => void submit(values).catch(() => undefined)}
        className="news-form"
        scrollToFirstError
      >
        <Form.Item name="title" label={t('news.form.title')} rules={[{ required: true, whitespace: true, message: t('news.form.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="summary" label={t('news.form.summary')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="tags" label={t('news.form.tags')} extra={t('news.form.tagsHint')} rules={[{ type: 'array', max: 10, message: t('news.form.tagsMax') }]}>
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} aria-label={t('news.form.tags')} />
        </Form.Item>
        <Form.Item name="coverUploadId" label={t('news.form.cover')}>
          <ImageUpload label={t('news.form.cover')} />
        </Form.Item>
        <Form.Item
          name="bodyHtml"
          label={t('news.form.body')}
          rules={[{ validator: (_, v: string) => (v && v.replace(/<[^>]*>/g, '').trim().length + (v.includes('<img') ? 1 : 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('news.form.bodyRequired')))) }]}
        >
          <RichTextEditor aria-label={t('news.form.body')} />
        </Form.Item>
        <Form.Item
          name="window"
          label={t('news.form.window')}
          extra={t('news.form.windowHint')}
          rules={[{ validator: (_, v: FormValues['window']) => (!v || !v[0] || !v[1] || v[1].isAfter(v[0]) ? Promise.resolve() : Promise.reject(new Error(t('news.form.windowInvalid')))) }]}
        >
          <LazyRangePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            allowEmpty={[true, true]}
            placeholder={[t('news.form.from'), t('news.form.to')]}
            className="news-window"
          />
        </Form.Item>
        <Form.Item name="audience" label={t('news.form.audience')} rules={[{ required: true, type: 'array', min: 1, message: t('news.form.audienceRequired') }]}>
          <Checkbox.Group options={AUDIENCE_LEVELS.map((level) => ({ value: level, label: t(`news.audience.${level}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('news.form.status')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={[{ value: 'draft', label: t('news.status.draft') }, { value: 'published', label: t('news.status.published') }]} />
        </Form.Item>
        {article?.publishedAt && <Alert type="info" showIcon className="news-form-note" message={t('news.form.alreadyNotified')} />}
        <Space wrap className="news-form-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating || updating}>
            {t('news.form.save')}
          </Button>
          <Link to="/agent/change-news">
            <Button tabIndex={-1}>{t('news.common.cancel')}</Button>
          </Link>
          {editing && (
            <Popconfirm
              title={t('news.manage.deleteConfirm')}
              description={article?.title}
              okText={t('news.common.delete')}
              cancelText={t('news.common.cancel')}
              okButtonProps={{ danger: true, loading: removing }}
              onConfirm={() =>
                remove(
                  { resource: RESOURCES.newsManage, id: id, meta: NEWS_MANAGE_META, successNotification: () => ({ type: 'success', message: t('news.manage.deleted') }) },
                  { onSuccess: () => void done() },
                )
              }
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('news.common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </div>
  );
}
