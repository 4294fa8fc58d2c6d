/** The banner's form (create and edit), in a dialog: its own chunk, fetched once the banners list is shown. */
import { Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { useCreate, useUpdate } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Banner, BannerInput } from '../../../contract/content';
import { DATE_TIME_FORMAT, ImageUpload, LazyRangePicker } from '../../../src/sdk';
import { BANNERS_META, RESOURCES } from '../api';
import { isHttpUrl } from '../model/content';

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

export function BannerForm({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
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
