/**
 * /booking/edit/<screen>/:id for the fifteen PNR element edit screens (no money moves): ONE page configured per
 * screen (model/element-screens.ts). It shows the PNR's affected elements, a form checked with the contract
 * validators, a confirmation, then the elements before and after as the airline answered them; a refusal says
 * what happened and changes nothing. The hub says whether the screen is allowed now and why not.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, Radio, Select, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleHub, PnrRecord } from '../../../../contract/aftersale';
import { ELEMENT_API, ELEMENT_SCREENS, elementEditProblems, elementLines, type ElementEditResult, type FieldProblem } from '../../../../contract/aftersale-elements';
import { isApiError, linkTo, LoadError, messageOf, PageFrame, PAGES } from '../../../../src/sdk';
import { afterSaleUrl, COMMAND, newKey, QUIET } from '../../api';
import { PnrSummary } from '../../components/PnrSummary';
import { companionPairs, SCREENS, screenOfPath, type FieldSpec } from '../../model/element-screens';
import '../../booking-edit.css';

type Values = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- antd form values

function ElementLines({ lines, testId }: { lines: string[]; testId: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <span className="muted" data-testid={testId} data-count={0}>{t('aftersale.elements.noElements')}</span>;
  return (
    <ul className="bke-lines bke-code" data-testid={testId} data-count={lines.length}>
      {lines.map((l, i) => (
        <li key={`${i}-${l}`}>{l}</li>
      ))}
    </ul>
  );
}

export default function ElementEditPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const screen = screenOfPath(pathname, ELEMENT_SCREENS);
  const spec = screen ? SCREENS[screen] : null;
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1 && screen !== null;
  const { query } = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const hub = query.data?.data;
  const [pnrCode, setPnrCode] = useState<string | null>(null);
  const record: PnrRecord | undefined = hub?.pnrs.find((p) => p.pnr === pnrCode) ?? hub?.pnrs[0];
  const action = hub?.actions.find((a) => a.action === screen);
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) ?? {};
  const [result, setResult] = useState<ElementEditResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<ElementEditResult, HttpError, Values>();

  const firstPax = record?.names[0]?.paxId ?? 1;
  const initial = useMemo(() => (record && spec ? spec.initial(record, firstPax) : {}), [record?.pnr, spec]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [initial, form]);

  const title = screen ? t(`aftersale.actions.${screen}`) : t('aftersale.notFound');
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: Number.isSafeInteger(bookingId) && bookingId >= 1 ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);

  const onPax = (paxId: number) => {
    if (!record || !spec) return;
    const next = spec.initial(record, paxId);
    form.setFieldsValue({ ...Object.fromEntries(spec.fields.map((f) => [f.name, undefined])), ...next, ...(values.mode ? { mode: values.mode, kind: values.kind } : {}) });
  };

  const showProblems = (problems: readonly FieldProblem[]) => {
    const byField = new Map<string, string[]>();
    for (const p of problems) byField.set(p.field, [...(byField.get(p.field) ?? []), t(`aftersale.elements.problem.${p.problem}`)]);
    const known = new Set(spec?.fields.map((f) => f.name));
    form.setFields([...byField].filter(([f]) => known.has(f)).map(([name, errors]) => ({ name, errors })));
    const other = [...byField].filter(([f]) => !known.has(f)).flatMap(([, e]) => e);
    if (other.length) setFailure(other.join(' '));
  };

  const submit = async (v: Values) => {
    if (!record || !spec || !screen || busy.current) return;
    setFailure(null);
    const body = spec.body(v);
    const problems = elementEditProblems(body, record);
    if (problems.length > 0) return showProblems(problems);
    busy.current = true;
    const current = elementLines(record, screen);
    modal.confirm({
      title: t('aftersale.elements.confirmTitle', { action: title }),
      content: (
        <div data-testid="element-confirm">
          <p>{t('aftersale.elements.confirmText', { pnr: record.pnr })}</p>
          <ElementLines lines={current} testId="element-confirm-before" />
          <p className="muted">{t('aftersale.elements.confirmFree')}</p>
        </div>
      ),
      okText: t('aftersale.elements.ok'),
      cancelText: t('aftersale.paid.cancel'),
      okButtonProps: { 'data-testid': 'element-ok' } as never,
      onCancel: () => {
        busy.current = false;
      },
      onOk: async () => {
        setRunning(true);
        try {
          const url = ELEMENT_API.edit.replace(':id', String(bookingId));
          const r = await mutateAsync({ url, method: 'post', values: { ...body, pnr: record.pnr, idempotencyKey: newKey() }, meta: COMMAND, successNotification: false, errorNotification: false });
          setResult(r.data);
        } catch (e) {
          // the fields the gateway refused are marked on the form; any other refusal is shown in its own words
          const problems = isApiError(e) ? (e.data as { problems?: FieldProblem[] } | undefined)?.problems : undefined;
          if (problems?.length) showProblems(problems);
          else setFailure(messageOf(e, t('aftersale.elements.failed')));
        } finally {
          busy.current = false;
          setRunning(false);
          void invalidate({ invalidates: ['all'] });
        }
      },
    });
  };

  const paxOptions = (f: FieldSpec) =>
    (record?.names ?? [])
      .filter((n) => !f.seated || n.paxType !== 'INF')
      .map((n) => ({ value: n.paxId, label: `${n.paxId}. ${n.title} ${n.lastName} ${n.firstName} (${t(`aftersale.paxType.${n.paxType}`)})` }));

  const control = (f: FieldSpec) => {
    const label = t(`aftersale.elements.field.${f.name}`);
    switch (f.kind) {
      case 'pax':
        return <Select aria-label={label} options={paxOptions(f)} allowClear={f.optional} onChange={(v: number | undefined) => v !== undefined && !f.optional && onPax(v)} data-testid={`field-${f.name}`} />;
      case 'segment':
        return <Select aria-label={label} options={(record?.segments ?? []).map((s) => ({ value: s.segId, label: `${s.segId}. ${s.flightNo} ${s.from}-${s.to} ${s.departDate.slice(0, 10)} (${s.status})` }))} data-testid={`field-${f.name}`} />;
      case 'select':
        return (
          <Select
            aria-label={label}
            options={(f.options ?? []).map((o) => ({ value: o, label: f.labelled ? `${o} · ${t(`aftersale.elements.option.${f.name}.${o}`)}` : o }))}
            data-testid={`field-${f.name}`}
          />
        );
      case 'mode':
        return (
          <Radio.Group optionType="button" data-testid={`field-${f.name}`} options={(f.options ?? []).map((o) => ({ value: o, label: t(`aftersale.elements.option.${f.name}.${o}`) }))} />
        );
      case 'companion': {
        const nameOf = (pid: number) => record?.names.find((n) => n.paxId === pid);
        const pairs = record ? companionPairs(record) : [];
        return (
          <Select
            aria-label={label}
            data-testid={`field-${f.name}`}
            notFoundContent={t('aftersale.elements.noCompanion')}
            options={pairs.map((p) => ({ value: `${p.holderId}-${p.companionId}`, label: `${nameOf(p.holderId)?.lastName} ${nameOf(p.holderId)?.firstName} + ${nameOf(p.companionId)?.lastName} ${nameOf(p.companionId)?.firstName}` }))}
          />
        );
      }
      case 'number':
        return <InputNumber aria-label={label} min={0} max={f.name === 'queue' ? 99 : 255} precision={0} style={{ width: '100%' }} data-testid={`field-${f.name}`} />;
      case 'date':
        return <Input aria-label={label} placeholder={t('aftersale.elements.datePlaceholder')} maxLength={10} inputMode="numeric" data-testid={`field-${f.name}`} />;
      default:
        return <Input aria-label={label} maxLength={f.maxLength} style={f.upper ? { textTransform: 'uppercase' } : undefined} data-testid={`field-${f.name}`} />;
    }
  };

  const blocked = action && !action.allowed;
  return (
    <PageFrame title={`${title}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="element-edit-page" data-screen={screen ?? ''}>
        {notFound && (
          <Card>
            <Empty description={t('aftersale.notFound')} />
          </Card>
        )}
        {!notFound && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!hub && !notFound && query.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {hub && !record && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
        {hub && record && spec && screen && (
          <>
            <div className="muted">{t(`aftersale.actionHelp.${screen}`)}</div>
            {blocked && <Alert type="warning" showIcon message={action.message ?? t('aftersale.elements.notAllowed')} data-testid="element-blocked" />}
            {failure && <Alert type="error" showIcon closable onClose={() => setFailure(null)} message={t('aftersale.elements.failed')} description={failure} data-testid="element-error" />}
            {result && (
              <Alert
                type="success"
                showIcon
                data-testid="element-done"
                message={t(result.replayed ? 'aftersale.elements.replayed' : 'aftersale.elements.done', { pnr: result.pnr })}
                description={
                  <div className="bke-before-after">
                    <div>
                      <strong>{t('aftersale.history.before')}</strong>
                      <ElementLines lines={result.before} testId="element-before" />
                    </div>
                    <div>
                      <strong>{t('aftersale.history.after')}</strong>
                      <ElementLines lines={result.after} testId="element-after" />
                    </div>
                  </div>
                }
              />
            )}
            {hub.pnrs.length > 1 && (
              <Select
                aria-label={t('aftersale.elements.pnr')}
                value={record.pnr}
                onChange={(v: string) => {
                  setPnrCode(v);
                  setResult(null);
                }}
                options={hub.pnrs.map((p) => ({ value: p.pnr, label: `${p.airline} · PNR ${p.pnr}` }))}
                className="bke-select"
              />
            )}
            <Card size="small" title={t('aftersale.elements.current', { pnr: record.pnr })}>
              <ElementLines lines={elementLines(record, screen)} testId="element-current" />
            </Card>
            <Card size="small" title={t('aftersale.elements.formTitle')}>
              <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={blocked || running} initialValues={initial} className="bke-element-form" data-testid="element-form">
                {spec.fields
                  .filter((f) => !f.when || f.when(values))
                  .map((f) => (
                    <Form.Item
                      key={f.name}
                      name={f.name}
                      label={t(`aftersale.elements.field.${f.name}`)}
                      extra={t(`aftersale.elements.help.${f.name}`, { defaultValue: '' }) || undefined}
                      rules={f.optional || f.kind === 'mode' ? [] : [{ required: true, message: t('aftersale.elements.required') }]}
                    >
                      {control(f)}
                    </Form.Item>
                  ))}
                {spec.fields.length === 0 && <p className="muted">{t(`aftersale.elements.note.${screen}`)}</p>}
                <Button type="primary" htmlType="submit" loading={running} data-testid="element-submit">
                  {t('aftersale.elements.submit')}
                </Button>
              </Form>
            </Card>
            <Card size="small" title={`${record.airline} · PNR ${record.pnr}`}>
              <PnrSummary record={record} />
            </Card>
          </>
        )}
      </div>
    </PageFrame>
  );
}
