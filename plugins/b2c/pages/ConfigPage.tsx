/**
 * /b2c/config (USE_B2C): the agency's storefront — its public address (slug), name, logo, colours (one of
 * the portal's three colour systems), contact, opening hours, markups on flights and tours, the products it
 * shows, and a preview (a small card in the chosen colours and a link to the live storefront).
 */
import { Alert, Button, Checkbox, Form, Input, Radio, Skeleton, Space, Switch, Typography } from 'antd';
import { ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useCan, useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { B2C_API, B2C_PRODUCTS, B2C_THEMES, SLUG_RE, STOREFRONT_PREFIX, type B2cConfig, type B2cConfigInput } from '../../../contract/b2c';
import { isValidEmail, isValidPhone } from '../../../contract/validators';
import { COLOUR_SYSTEMS, ImageUpload, LoadError, PageFrame, uploadSrc, VndInput } from '../../../src/sdk';
import { RESOURCES } from '../api';
import '../b2c.css';

type Values = Omit<B2cConfigInput, 'phone' | 'email' | 'address' | 'hours'> & { phone?: string; email?: string; address?: string; hours?: string };

const optional = (v: string | undefined) => (v?.trim() ? v.trim() : null);

export default function ConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidate();
  const { query } = useCustom<{ config: B2cConfig | null }, HttpError>({ url: B2C_API.config, method: 'get', meta: { overlay: false }, errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<B2cConfig, HttpError>();
  const { data: can } = useCan({ resource: 'b2c-config', action: 'save' });
  const config = query.data?.data.config ?? null;
  const watched = Form.useWatch([], form) as Values | undefined;

  if (query.isLoading) return <PageFrame title={t('b2c.config.title')} className="b2c-page"><Skeleton active paragraph={{ rows: 10 }} /></PageFrame>;
  if (query.isError) return <PageFrame title={t('b2c.config.title')} className="b2c-page"><LoadError onRetry={() => void query.refetch()} /></PageFrame>;

  const initial: Values = config
    ? { ...config, phone: config.phone ?? '', email: config.email ?? '', address: config.address ?? '', hours: config.hours ?? '' }
    : { slug: '', name: '', logoUploadId: null, theme: 'blue', flightMarkup: 0, tourMarkup: 0, products: ['tours', 'flights'], enabled: true };

  const submit = async (v: Values) => {
    await mutateAsync({
      url: B2C_API.config,
      method: 'put',
      values: { ...v, slug: v.slug.trim().toLowerCase(), phone: optional(v.phone), email: optional(v.email), address: optional(v.address), hours: optional(v.hours) },
      successNotification: () => ({ type: 'success', message: t('b2c.config.saved') }),
      errorNotification: (e) => ({ type: 'error', message: e?.statusCode === 409 ? t('b2c.config.slugTaken') : (e?.message ?? t('b2c.common.failed')) }),
    });
    await invalidate({ resource: RESOURCES.config, invalidates: ['all'] });
    await query.refetch();
  };

  const colours = COLOUR_SYSTEMS[watched?.theme ?? initial.theme ?? 'blue'];
  const slug = (watched?.slug ?? initial.slug ?? '').trim().toLowerCase();
  const liveUrl = config ? `${STOREFRONT_PREFIX}${config.slug}` : null;

  return (
    <PageFrame
      title={t('b2c.config.title')}
      className="b2c-page"
      extra={liveUrl ? <a href={liveUrl} target="_blank" rel="noopener noreferrer" data-testid="storefront-link"><ExportOutlined /> {t('b2c.config.openStore')}</a> : undefined}
    >
      {!config && <Alert type="info" showIcon className="form-alert" message={t('b2c.config.firstTime')} />}
      <Form<Values> form={form} layout="vertical" className="b2c-form" initialValues={initial} onFinish={(v) => void submit(v).catch(() => undefined)} scrollToFirstError disabled={!can?.can}>
        <div className="b2c-grid">
          <Form.Item name="slug" label={t('b2c.config.slug')} extra={t('b2c.config.slugHint', { url: `${window.location.origin}${STOREFRONT_PREFIX}${slug || '…'}` })}
            rules={[{ required: true, message: t('b2c.config.slugRequired') }, { validator: (_, v: string) => (!v || SLUG_RE.test(v.trim().toLowerCase()) ? Promise.resolve() : Promise.reject(new Error(t('b2c.config.slugInvalid')))) }]}>
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('b2c.config.name')} rules={[{ required: true, whitespace: true, message: t('b2c.config.nameRequired') }]}>
            <Input maxLength={120} />
          </Form.Item>
        </div>
        <Form.Item name="logoUploadId" label={t('b2c.config.logo')}>
          <ImageUpload label={t('b2c.config.logo')} />
        </Form.Item>
        <Form.Item name="theme" label={t('b2c.config.theme')}>
          <Radio.Group optionType="button" options={B2C_THEMES.map((th) => ({ value: th, label: t(`b2c.theme.${th}`) }))} />
        </Form.Item>
        <div className="b2c-grid">
          <Form.Item name="phone" label={t('b2c.config.phone')} rules={[{ validator: (_, v?: string) => (!v?.trim() || isValidPhone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('b2c.validation.phone')))) }]}>
            <Input inputMode="tel" maxLength={12} />
          </Form.Item>
          <Form.Item name="email" label={t('b2c.config.email')} rules={[{ validator: (_, v?: string) => (!v?.trim() || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('b2c.validation.email')))) }]}>
            <Input inputMode="email" maxLength={254} />
          </Form.Item>
          <Form.Item name="hours" label={t('b2c.config.hours')}>
            <Input maxLength={120} placeholder="8:00–21:00, T2–CN" />
          </Form.Item>
        </div>
        <Form.Item name="address" label={t('b2c.config.address')}>
          <Input maxLength={300} />
        </Form.Item>
        <div className="b2c-grid">
          <Form.Item name="flightMarkup" label={t('b2c.config.flightMarkup')} extra={t('b2c.config.markupHint')} rules={[{ required: true }]}>
            <VndInput min={0} max={50_000_000} />
          </Form.Item>
          <Form.Item name="tourMarkup" label={t('b2c.config.tourMarkup')} extra={t('b2c.config.markupHint')} rules={[{ required: true }]}>
            <VndInput min={0} max={50_000_000} />
          </Form.Item>
        </div>
        <Form.Item name="products" label={t('b2c.config.products')}>
          <Checkbox.Group options={B2C_PRODUCTS.map((p) => ({ value: p, label: t(`b2c.product.${p}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('b2c.config.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Typography.Title level={2} className="section-title">{t('b2c.config.preview')}</Typography.Title>
        <div className="b2c-preview" data-testid="store-preview">
          <div className="b2c-preview-head" style={{ background: colours.brand, color: colours.font }}>
            {watched?.logoUploadId ? <img src={uploadSrc(watched.logoUploadId)} alt="" /> : null}
            <span>{watched?.name || t('b2c.config.name')}</span>
          </div>
          <div className="b2c-preview-body" style={{ background: colours.background }}>
            <div>{[watched?.phone, watched?.hours].filter(Boolean).join(' · ') || '—'}</div>
            <Space wrap size={4} style={{ marginTop: 8 }}>
              {(watched?.products ?? []).map((p) => (
                <span key={p} style={{ color: colours.primary, fontWeight: 600 }}>{t(`b2c.product.${p}`)}</span>
              ))}
            </Space>
          </div>
        </div>
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending} data-testid="config-save">
            {t('b2c.common.save')}
          </Button>
        </Space>
      </Form>
    </PageFrame>
  );
}
