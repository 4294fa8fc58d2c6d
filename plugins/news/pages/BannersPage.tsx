/**
 * /banner (((AGENT_F2 || ADMIN_F1) && ONLY_SHOW_NEW) || ADMIN_NEWS): the agency's home-page banners —
 * image, link (http/https), order, schedule, active — with a form in a dialog and a confirmed delete.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Image, Input, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useCreate, useList, useUpdate } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Banner, BannerInput } from '../../../contract/content';
import { assetUrl, DATE_TIME_FORMAT, formatDateTime, ImageUpload, LazyRangePicker, listFrame, preloadRangePicker, useAfterContent } from '../../../src/sdk';
import { BANNERS_META, RESOURCES } from '../api';
import { EmptyState, ErrorState } from '../components/NewsStates';
import { RowDelete } from '../components/RowDelete';
import { isHttpUrl } from '../model/content';
import '../news.css';

interface FormValues {
  title: string;
  imageUploadId: string | null;
  link?: string;
  sortOrder: number;
  schedule?: [Dayjs | null, Dayjs | null] | null;
  active: boolean;
}

function toValues(b: Banner | null): FormValues {
  if (!b) return { title: '', imageUploadId: null, link: '', sortOrder: 0, schedule: null, active: true };
  return {
    title: b.title,
    imageUploadId: b.imageUploadId,
    link: b.link ?? '',
    sortOrder: b.sortOrder,
    schedule: b.startsAt || b.endsAt ? [b.startsAt ? dayjs(b.startsAt) : null, b.endsAt ? dayjs(b.endsAt) : null] : null,
    active: b.active,
  };
}

function toInput(v: FormValues): BannerInput {
  const [from, to] = v.schedule ?? [null, null];
  return {
    title: v.title.trim(),
    imageUploadId: v.imageUploadId ?? '',
    link: v.link?.trim() ? v.link.trim() : null,
    sortOrder: v.sortOrder ?? 0,
    startsAt: from ? from.toISOString() : null,
    endsAt: to ? to.toISOString() : null,
    active: v.active,
  };
}

function BannerForm({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<Banner>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<Banner>();
  const submit = async (values: FormValues) => {
    const input = toInput(values);
    const successNotification = () => ({ type: 'success' as const, message: t('banner.form.saved') });
    if (banner) await update({ resource: RESOURCES.banners, id: banner.id, values: input, meta: BANNERS_META, successNotification });
    else await create({ resource: RESOURCES.banners, values: input, meta: BANNERS_META, successNotification });
    onClose();
  };
  return (
    <Modal
      open
      title={banner ? t('banner.form.editTitle') : t('banner.form.createTitle')}
      onCancel={onClose}
      okText={t('banner.form.save')}
      cancelText={t('news.common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={creating || updating}
      width="min(640px, calc(100vw - 16px))"
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={toValues(banner)} onFinish={(v) => void submit(v).catch(() => undefined)}>
        <Form.Item name="title" label={t('banner.form.title')} rules={[{ required: true, whitespace: true, message: t('banner.form.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="imageUploadId" label={t('banner.form.image')} rules={[{ required: true, message: t('banner.form.imageRequired') }]}>
          <ImageUpload label={t('banner.form.image')} removable={false} />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('banner.form.link')}
          extra={t('banner.form.linkHint')}
          rules={[{ validator: (_, v: string | undefined) => (!v?.trim() || isHttpUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('banner.form.linkInvalid')))) }]}
        >
          <Input placeholder="https://" inputMode="url" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="sortOrder" label={t('banner.form.order')} rules={[{ type: 'number', min: 0, max: 999 }]}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('banner.form.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="schedule"
          label={t('banner.form.schedule')}
          extra={t('banner.form.scheduleHint')}
          rules={[{ validator: (_, v: FormValues['schedule']) => (!v || !v[0] || !v[1] || v[1].isAfter(v[0]) ? Promise.resolve() : Promise.reject(new Error(t('news.form.windowInvalid')))) }]}
        >
          <LazyRangePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} allowEmpty={[true, true]} placeholder={[t('news.form.from'), t('news.form.to')]} className="news-window" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function BannersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Banner | null | undefined>(undefined);
  const { result, query } = useList<Banner>({ resource: RESOURCES.banners, meta: BANNERS_META, pagination: { mode: 'off' } });
  const { mutate: update } = useUpdate<Banner>();
  // the form's range picker is its own chunk: fetched once the list is shown, so it is there when the form opens
  const contentShown = useAfterContent();
  useEffect(() => {
    if (contentShown) preloadRangePicker().catch(() => undefined);
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
            { title: t('banner.form.image'), key: 'image', width: 140, render: (_, b) => <Image src={assetUrl(b.imageUrl)} alt={b.title} width={120} className="banner-thumb" /> },
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
      {editing !== undefined && <BannerForm banner={editing} onClose={() => setEditing(undefined)} />}
    </List>
  );
}
