/**
 * One eSIM of an order: its QR code (the gateway's PNG), the activation code to copy, live usage, and the
 * actions — e-mail it again (outbox), a top-up (paid from the deposit) and the refund of an unused eSIM
 * (credited to the deposit), each after a confirmation stating the amount. Money moves refresh the header
 * balance, the order and the usage.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Progress, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { MailOutlined, PlusCircleOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { useCan, useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_BALANCE_RESOURCE } from '../../../contract/accounting';
import type { EsimItem, EsimMoneyResult, EsimOrder, EsimProduct, EsimUsage } from '../../../contract/esim';
import { isValidEmail } from '../../../contract/validators';
import { formatDateTime, formatVnd, messageOf } from '../../../src/sdk';
import { COMMAND, esimUrl, newIdempotencyKey, QUIET, RESOURCES } from '../api';
import { formatMb, usedPercent } from '../model/usage';
import { EsimStatusTag } from './StatusTag';

function QrImage({ iccid, label }: { iccid: string; label: string }) {
  const { t } = useTranslation();
  const { query } = useCustom<Blob, HttpError>({
    url: esimUrl.qr(iccid),
    method: 'get',
    meta: { ...QUIET, responseType: 'blob' },
    queryOptions: { staleTime: Infinity, retry: 1 },
    errorNotification: false,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = query.data?.data;
  useEffect(() => {
    if (!(blob instanceof Blob)) return;
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  if (query.isError) return <Alert type="error" showIcon message={t('esim.order.qrError')} action={<Button size="small" onClick={() => void query.refetch()}>{t('esim.common.retry')}</Button>} />;
  if (!src) return <Skeleton.Image active className="esim-qr-skeleton" />;
  return <img className="esim-qr" src={src} alt={label} width={180} height={180} data-testid="esim-qr" />;
}

function UsageView({ usage }: { usage: EsimUsage }) {
  const { t } = useTranslation();
  const percent = usedPercent(usage);
  return (
    <div className="esim-usage" data-testid="esim-usage" data-status={usage.status} data-used={usage.usedMb}>
      <Space wrap size={4}>
        <EsimStatusTag status={usage.status} />
        {usage.expiresAt ? <Typography.Text type="secondary">{t('esim.usage.expires', { at: formatDateTime(usage.expiresAt) })}</Typography.Text> : null}
      </Space>
      {usage.status !== 'REFUNDED' ? (
        <>
          {percent !== null ? <Progress percent={percent} size="small" status={usage.status === 'DEPLETED' ? 'exception' : 'normal'} aria-label={t('esim.usage.barLabel')} /> : null}
          <Typography.Text>
            {usage.totalMb === null
              ? t('esim.usage.usedUnlimited', { used: formatMb(usage.usedMb) })
              : t('esim.usage.used', { used: formatMb(usage.usedMb), remaining: formatMb(usage.remainingMb), total: formatMb(usage.totalMb) })}
          </Typography.Text>
        </>
      ) : null}
      <Typography.Text type="secondary" className="esim-usage-asof">
        {t('esim.usage.asOf', { at: formatDateTime(usage.asOf) })}
      </Typography.Text>
    </div>
  );
}

export function EsimCard({ esim, order, index }: { esim: EsimItem; order: EsimOrder; index: number }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const can = {
    topUp: useCan({ resource: 'esim', action: 'topUp' }).data?.can ?? false,
    refund: useCan({ resource: 'esim', action: 'refund' }).data?.can ?? false,
    resend: useCan({ resource: 'esim', action: 'resend' }).data?.can ?? false,
  };
  const usage = useCustom<EsimUsage, HttpError>({ url: esimUrl.usage(esim.iccid), method: 'get', meta: QUIET, queryOptions: { retry: 1, staleTime: 0 }, errorNotification: false }).query;
  const { mutateAsync, mutation } = useCustomMutation<EsimMoneyResult | { queued: number; to: string }, HttpError>();
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [resendOpen, setResendOpen] = useState(false);
  const u = usage.data?.data;
  const label = t('esim.order.esimLabel', { index: index + 1, name: esim.productName });

  const afterMoney = async () => {
    await invalidate({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] });
    await invalidate({ resource: RESOURCES.orders, invalidates: ['detail', 'list'], id: order.id });
    await usage.refetch();
  };

  const refundKey = useRef<string | null>(null);
  const refund = () => {
    modal.confirm({
      title: t('esim.refund.confirmTitle'),
      content: (
        <div data-testid="esim-refund-confirm">
          <div>{t('esim.refund.confirmText', { iccid: esim.iccid })}</div>
          <div>
            {t('esim.refund.amount')}: <strong>{formatVnd(esim.paid)}</strong>
          </div>
        </div>
      ),
      okText: t('esim.refund.ok'),
      okButtonProps: { danger: true, 'data-testid': 'esim-refund-ok' } as never,
      cancelText: t('esim.common.back'),
      onOk: async () => {
        refundKey.current ??= newIdempotencyKey();
        try {
          const r = (await mutateAsync({ url: esimUrl.refund(esim.iccid), method: 'post', values: { idempotencyKey: refundKey.current }, meta: COMMAND, successNotification: false, errorNotification: false })).data as EsimMoneyResult;
          setFeedback({ type: 'success', text: t('esim.refund.done', { amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter) }) });
        } catch (e) {
          setFeedback({ type: 'error', text: messageOf(e, t('esim.common.failed')) });
        } finally {
          await afterMoney();
        }
      },
    });
  };

  const lang = i18n.language === 'en' ? 'en' : 'vi';
  return (
    <Card size="small" className="esim-card" title={label} data-testid="esim-card" data-iccid={esim.iccid}>
      <div className="esim-card-body">
        <div className="esim-card-qr">{esim.refunded ? <Typography.Text type="secondary">{t('esim.order.refundedNoQr')}</Typography.Text> : <QrImage iccid={esim.iccid} label={t('esim.order.qrAlt', { iccid: esim.iccid })} />}</div>
        <div className="esim-card-info">
          <Typography.Text type="secondary">ICCID</Typography.Text>
          <Typography.Paragraph className="esim-mono" copyable>
            {esim.iccid}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('esim.order.activationCode')}</Typography.Text>
          <Typography.Paragraph className="esim-mono esim-code" copyable={{ text: esim.activationCode, tooltips: [t('esim.order.copy'), t('esim.order.copied')] }} data-testid="esim-activation-code">
            {esim.activationCode}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('esim.order.manual', { smdp: esim.smdpAddress, matching: esim.matchingId })}
          </Typography.Text>
          <div className="esim-paid">
            {t('esim.order.paid')}: <strong className="money">{formatVnd(esim.paid)}</strong>
            {esim.refunded && esim.refundedAmount !== null ? <span> · {t('esim.order.refundedAmount', { amount: formatVnd(esim.refundedAmount) })}</span> : null}
          </div>
          {esim.topUps.length > 0 ? (
            <ul className="esim-topups">
              {esim.topUps.map((tp, i) => (
                <li key={i}>
                  {t('esim.order.topUpLine', { name: tp.name, amount: formatVnd(tp.amount), at: formatDateTime(tp.createdAt) })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="esim-card-usage">
        {usage.isLoading ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
        {usage.isError ? <Alert type="warning" showIcon message={messageOf(usage.error, t('esim.usage.error'))} /> : null}
        {u ? <UsageView usage={u} /> : null}
      </div>
      <Space wrap className="esim-card-actions">
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void usage.refetch()} loading={usage.isFetching} aria-label={t('esim.usage.refresh')}>
          {t('esim.usage.refresh')}
        </Button>
        {can.resend && !esim.refunded ? (
          <Button size="small" icon={<MailOutlined />} onClick={() => setResendOpen(true)} data-testid="esim-resend">
            {t('esim.resend.button')}
          </Button>
        ) : null}
        {can.topUp && !esim.refunded && u && u.status !== 'EXPIRED' ? (
          <Button size="small" icon={<PlusCircleOutlined />} onClick={() => setTopUpOpen(true)} data-testid="esim-topup">
            {t('esim.topUp.button')}
          </Button>
        ) : null}
        {can.refund && u?.refundable ? (
          <Button size="small" danger icon={<RollbackOutlined />} onClick={refund} loading={mutation.isPending} data-testid="esim-refund">
            {t('esim.refund.button')}
          </Button>
        ) : null}
      </Space>
      {feedback ? <Alert className="esim-feedback" type={feedback.type} showIcon closable onClose={() => setFeedback(null)} message={feedback.text} role={feedback.type === 'error' ? 'alert' : 'status'} data-testid="esim-feedback" /> : null}
      {topUpOpen ? (
        <TopUpDialog
          esim={esim}
          onClose={() => setTopUpOpen(false)}
          onDone={async (text) => {
            setFeedback({ type: 'success', text });
            setTopUpOpen(false);
            await afterMoney();
          }}
          onFailed={async () => afterMoney()}
        />
      ) : null}
      {resendOpen ? (
        <ResendDialog
          esim={esim}
          defaultEmail={order.customer.email}
          defaultLang={lang}
          onClose={() => setResendOpen(false)}
          onDone={(to) => {
            setResendOpen(false);
            void message.success(t('esim.resend.done', { to }));
          }}
        />
      ) : null}
    </Card>
  );
}

function TopUpDialog({ esim, onClose, onDone, onFailed }: { esim: EsimItem; onClose: () => void; onDone: (text: string) => Promise<void>; onFailed: () => Promise<void> }) {
  const { t } = useTranslation();
  const options = useCustom<EsimProduct[], HttpError>({ url: esimUrl.topUps(esim.iccid), method: 'get', meta: QUIET, errorNotification: false }).query;
  const [choice, setChoice] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const key = useRef<{ id: string; key: string } | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<EsimMoneyResult, HttpError>();
  const list = options.data?.data ?? [];
  const picked = list.find((p) => p.id === choice);
  const submit = async () => {
    if (!picked) return;
    if (!key.current || key.current.id !== picked.id) key.current = { id: picked.id, key: newIdempotencyKey() };
    setError(null);
    try {
      const r = (await mutateAsync({ url: esimUrl.topUps(esim.iccid), method: 'post', values: { productId: picked.id, idempotencyKey: key.current.key }, meta: COMMAND, successNotification: false, errorNotification: false })).data;
      await onDone(t('esim.topUp.done', { name: picked.name, amount: formatVnd(r.amount), balance: formatVnd(r.balanceAfter) }));
    } catch (e) {
      setError(messageOf(e, t('esim.common.failed')));
      await onFailed();
    }
  };
  return (
    <Modal
      open
      title={t('esim.topUp.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={picked ? t('esim.topUp.pay', { amount: formatVnd(picked.price) }) : t('esim.topUp.choose')}
      okButtonProps={{ disabled: !picked, loading: mutation.isPending, 'data-testid': 'esim-topup-ok' } as never}
      cancelText={t('esim.common.back')}
      destroyOnHidden
    >
      {options.isLoading ? <Skeleton active /> : null}
      {options.isError ? <Alert type="error" showIcon message={t('esim.topUp.loadError')} /> : null}
      {!options.isLoading && list.length === 0 && !options.isError ? <Typography.Paragraph>{t('esim.topUp.none')}</Typography.Paragraph> : null}
      <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as string)} className="esim-topup-options">
        <Space direction="vertical">
          {list.map((p) => (
            <Radio key={p.id} value={p.id}>
              {p.name} — <strong>{formatVnd(p.price)}</strong>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {picked ? <Typography.Paragraph className="esim-note">{t('esim.topUp.note', { amount: formatVnd(picked.price) })}</Typography.Paragraph> : null}
      {error ? <Alert type="error" showIcon role="alert" message={error} /> : null}
    </Modal>
  );
}

function ResendDialog({ esim, defaultEmail, defaultLang, onClose, onDone }: { esim: EsimItem; defaultEmail: string; defaultLang: 'vi' | 'en'; onClose: () => void; onDone: (to: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; lang: 'vi' | 'en' }>();
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<{ queued: number; to: string }, HttpError>();
  const submit = async () => {
    let v: { email: string; lang: 'vi' | 'en' };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const r = (await mutateAsync({ url: esimUrl.resend(esim.iccid), method: 'post', values: { email: v.email.trim(), lang: v.lang }, meta: COMMAND, successNotification: false, errorNotification: false })).data;
      onDone(r.to);
    } catch (e) {
      setError(messageOf(e, t('esim.common.failed')));
    }
  };
  return (
    <Modal open title={t('esim.resend.title')} onCancel={onClose} onOk={() => void submit()} okText={t('esim.resend.send')} okButtonProps={{ loading: mutation.isPending }} cancelText={t('esim.common.back')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ email: defaultEmail, lang: defaultLang }} onFinish={() => void submit()}>
        <Form.Item
          name="email"
          label={t('esim.resend.email')}
          rules={[{ required: true, message: t('esim.cart.emailRequired') }, { validator: (_, v: string) => (!v || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('esim.cart.emailRule')))) }]}
        >
          <Input type="email" />
        </Form.Item>
        <Form.Item name="lang" label={t('esim.resend.lang')}>
          <Select options={[{ value: 'vi', label: 'Tiếng Việt' }, { value: 'en', label: 'English' }]} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon role="alert" message={error} /> : null}
    </Modal>
  );
}
