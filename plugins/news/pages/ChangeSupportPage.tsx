/** /agent/change-online-support (ADMIN_F1): add a support contact, or change one with `?id=`. */
import { Button, Form, Input, InputNumber, Result, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useList, useUpdate } from '@refinedev/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportContact, SupportInput } from '../../../contract/content';
import { isValidPhone } from '../../../contract/validators';
import { RESOURCES, SUPPORT_META } from '../api';
import { ErrorState, LoadingState } from '../components/NewsStates';
import '../news.css';

type FormValues = Omit<SupportInput, 'phone' | 'zalo' | 'hours' | 'topic'> & { phone?: string; zalo?: string; hours?: string; topic?: string };

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

export default function ChangeSupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { result, query } = useList<SupportContact>({ resource: RESOURCES.support, meta: SUPPORT_META, pagination: { mode: 'off' }, queryOptions: { enabled: id !== null } });
  const contact = id !== null ? result.data.find((c) => String(c.id) === id) : undefined;
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<SupportContact>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<SupportContact>();

  const back = (
    <Link to="/agent/online-support">
      <Button type="link" icon={<ArrowLeftOutlined />} className="news-back">
        {t('support.form.back')}
      </Button>
    </Link>
  );
  if (id !== null && query.isLoading) return <LoadingState />;
  if (id !== null && query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (id !== null && !contact) return <Result status="404" title={t('support.form.notFound')} extra={back} />;

  const submit = async (v: FormValues) => {
    const values: SupportInput = { name: v.name.trim(), phone: blank(v.phone), zalo: blank(v.zalo), hours: blank(v.hours), topic: blank(v.topic), sortOrder: v.sortOrder ?? 0, active: v.active };
    const successNotification = () => ({ type: 'success' as const, message: t('support.form.saved') });
    if (contact) await update({ resource: RESOURCES.support, id: contact.id, values, meta: SUPPORT_META, successNotification });
    else await create({ resource: RESOURCES.support, values, meta: SUPPORT_META, successNotification });
    navigate('/agent/online-support');
  };

  return (
    <div className="news-page news-form-page">
      {back}
      <Typography.Title level={1} className="page-title">
        {contact ? t('support.form.editTitle') : t('support.form.createTitle')}
      </Typography.Title>
      <Form<FormValues>
        layout="vertical"
        className="news-form support-form"
        initialValues={
          contact
            ? { name: contact.name, phone: contact.phone ?? '', zalo: contact.zalo ?? '', hours: contact.hours ?? '', topic: contact.topic ?? '', sortOrder: contact.sortOrder, active: contact.active }
            : { name: '', phone: '', zalo: '', hours: '', topic: '', sortOrder: 0, active: true }
        }
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item name="name" label={t('support.form.name')} rules={[{ required: true, whitespace: true, message: t('support.form.nameRequired') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('support.form.phone')}
          extra={t('support.form.phoneHint')}
          rules={[{ validator: (_, v: string | undefined) => (!v?.trim() || isValidPhone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('support.form.phoneInvalid')))) }]}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item name="zalo" label={t('support.form.zalo')} extra={t('support.form.zaloHint')} rules={[{ max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="hours" label={t('support.form.hours')} extra={t('support.form.hoursHint')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="topic" label={t('support.form.topic')} extra={t('support.form.topicHint')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="sortOrder" label={t('support.form.order')}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('support.form.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap className="news-form-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating || updating}>
            {t('support.form.save')}
          </Button>
          <Link to="/agent/online-support">
            <Button tabIndex={-1}>{t('news.common.cancel')}</Button>
          </Link>
        </Space>
      </Form>
    </div>
  );
}
