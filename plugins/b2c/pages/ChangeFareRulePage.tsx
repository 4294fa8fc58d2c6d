/**
 * /b2c/change-fare-rule (USE_B2C): writes the text of one airline's fare family for customers — `?id=<id>`
 * changes one, without it a new one. One text per airline and fare family (the gateway answers 409 otherwise).
 */
import { AutoComplete, Button, Form, Input, Popconfirm, Radio, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useInvalidate, useOne, useUpdate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONTENT_STATUSES, type FareRule, type FareRuleInput } from '../../../contract/b2c';
import { AIRLINES_DOMESTIC } from '../../../contract/flights-rules';
import { LoadError, PageFrame, PAGES, RichTextEditor } from '../../../src/sdk';
import { FARE_RULES_META, RESOURCES } from '../api';
import { hasContent, isAirline, normaliseAirline, ruleToValues, suggestedTitle, valuesToRuleInput, type FareRuleFormValues } from '../model/content-form';
import '../b2c.css';

export default function ChangeFareRulePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<FareRuleFormValues>();
  const id = params.get('id');
  const editing = id !== null && /^\d{1,9}$/.test(id);
  const { result: rule, query } = useOne<FareRule, HttpError>({ resource: RESOURCES.fareRules, id: id ?? '', meta: FARE_RULES_META, queryOptions: { enabled: editing, retry: false }, errorNotification: false });
  const { mutateAsync: create, mutation: { isPending: creating } } = useCreate<FareRule, HttpError, FareRuleInput>();
  const { mutateAsync: update, mutation: { isPending: updating } } = useUpdate<FareRule, HttpError, FareRuleInput>();
  const { mutate: remove, mutation: { isPending: removing } } = useDelete();
  const airlineName = (code: string) => {
    const c = normaliseAirline(code);
    const name = t(`system.sources.${c}`, { defaultValue: '' });
    return name || undefined;
  };

  const title = editing ? t('b2c.changeFareRule.editTitle') : t('b2c.changeFareRule.createTitle');
  const back = <Link to={PAGES.b2c.fareRules}><ArrowLeftOutlined /> {t('b2c.common.back')}</Link>;
  if (editing && query.isLoading) return <PageFrame title={title} className="b2c-page"><Skeleton active paragraph={{ rows: 10 }} /></PageFrame>;
  if (editing && query.isError) return <PageFrame title={title} className="b2c-page" extra={back}><LoadError onRetry={() => void query.refetch()} /></PageFrame>;

  const submit = async (v: FareRuleFormValues) => {
    const values = valuesToRuleInput(v);
    const successNotification = () => ({ type: 'success' as const, message: t('b2c.changeFareRule.saved') });
    const errorNotification = (e?: HttpError) => {
      const reason = (e as { data?: { reason?: string } } | undefined)?.data?.reason;
      return { type: 'error' as const, message: reason === 'fareRuleTaken' ? t('b2c.changeFareRule.taken') : (e?.message ?? t('b2c.common.failed')) };
    };
    if (editing) await update({ resource: RESOURCES.fareRules, id: id!, values, meta: FARE_RULES_META, successNotification, errorNotification });
    else await create({ resource: RESOURCES.fareRules, values, meta: FARE_RULES_META, successNotification, errorNotification });
    await invalidate({ resource: RESOURCES.fareRules, invalidates: ['list', 'detail'] });
    navigate(PAGES.b2c.fareRules);
  };
  const fillTitle = () => {
    const v = form.getFieldsValue(['airline', 'fareFamily', 'title']);
    if (!v.title?.trim() && v.airline && v.fareFamily) form.setFieldValue('title', suggestedTitle(airlineName(v.airline), v.airline, v.fareFamily));
  };

  return (
    <PageFrame title={title} className="b2c-page" extra={back}>
      <Form<FareRuleFormValues>
        form={form}
        layout="vertical"
        className="b2c-form"
        initialValues={ruleToValues(rule)}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        scrollToFirstError
      >
        <div className="b2c-grid">
          <Form.Item name="airline" label={t('b2c.fareRules.airline')} extra={t('b2c.changeFareRule.airlineHint')}
            rules={[{ validator: (_, v: string) => (v && isAirline(v) ? Promise.resolve() : Promise.reject(new Error(t('b2c.changeFareRule.airlineInvalid')))) }]}>
            <AutoComplete
              options={AIRLINES_DOMESTIC.map((c) => ({ value: c, label: `${c} · ${airlineName(c) ?? c}` }))}
              filterOption={(input, o) => String(o?.label ?? '').toLowerCase().includes(input.toLowerCase())}
              onBlur={fillTitle}
              aria-label={t('b2c.fareRules.airline')}
            >
              <Input maxLength={2} data-testid="fare-rule-airline" />
            </AutoComplete>
          </Form.Item>
          <Form.Item name="fareFamily" label={t('b2c.fareRules.fareFamily')} rules={[{ required: true, whitespace: true, message: t('b2c.changeFareRule.familyRequired') }, { max: 60 }]}>
            <Input maxLength={60} placeholder={t('b2c.changeFareRule.familyPlaceholder')} onBlur={fillTitle} data-testid="fare-rule-family" />
          </Form.Item>
        </div>
        <Form.Item name="title" label={t('b2c.fareRules.heading')} rules={[{ required: true, whitespace: true, message: t('b2c.changeFareRule.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} data-testid="fare-rule-title" />
        </Form.Item>
        <Form.Item name="bodyHtml" label={t('b2c.changeFareRule.body')} extra={t('b2c.changeFareRule.bodyHint')}
          rules={[{ validator: (_, v: string) => (hasContent(v) ? Promise.resolve() : Promise.reject(new Error(t('b2c.changeFareRule.bodyRequired')))) }]}>
          <RichTextEditor aria-label={t('b2c.changeFareRule.body')} />
        </Form.Item>
        <Form.Item name="status" label={t('b2c.tours.status')} extra={t('b2c.changeFareRule.statusHint')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`b2c.contentStatus.${s}`) }))} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={creating || updating} data-testid="fare-rule-save">{t('b2c.common.save')}</Button>
          <Link to={PAGES.b2c.fareRules}><Button tabIndex={-1}>{t('b2c.common.cancel')}</Button></Link>
          {editing && (
            <Popconfirm
              title={t('b2c.changeFareRule.deleteConfirm')}
              description={rule?.title}
              okText={t('b2c.common.delete')}
              cancelText={t('b2c.common.cancel')}
              okButtonProps={{ danger: true, loading: removing }}
              onConfirm={() =>
                remove(
                  { resource: RESOURCES.fareRules, id: id!, meta: FARE_RULES_META, successNotification: () => ({ type: 'success', message: t('b2c.changeFareRule.deleted') }) },
                  { onSuccess: () => navigate(PAGES.b2c.fareRules) },
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
