/**
 * /qr: top up the agency's deposit by a VietQR bank transfer. The agent enters an amount; the gateway opens a
 * pending top-up request with a unique reference and answers the VietQR payload (the provider's account, the
 * amount, the reference as the transfer message), drawn here as a QR code any Vietnamese banking app scans.
 */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Skeleton, Table, Tag, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useCreate, useCustom, useList, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { QR_API, QR_MAX_VND, QR_MIN_VND, type QrAccount, type QrTopUp } from '../../../contract/qr';
import { formatDateTime, formatVnd, LoadError, messageOf, PageFrame, VndInput } from '../../../src/sdk';
import { COMMAND, EXPLAINED, reasonOf, QUIET, RESOURCES, TOPUPS_META } from '../api';
import { VietQrImage } from '../components/VietQrImage';
import { qrAmountError } from '../model/qr';
import '../qr.css';

const STATUS_COLOUR = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

function QrTicket({ topUp }: { topUp: QrTopUp }) {
  const { t } = useTranslation();
  return (
    <Card className="qr-ticket" data-testid="qr-ticket" data-reference={topUp.reference}>
      <VietQrImage payload={topUp.payload} alt={t('qr.page.qrAlt', { amount: formatVnd(topUp.amount) })} />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('qr.page.bank')}>{topUp.bankName ?? topUp.bankBin}</Descriptions.Item>
        <Descriptions.Item label={t('qr.page.accountNo')}>
          <Typography.Text copyable>{topUp.accountNo}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('qr.page.accountName')}>{topUp.accountName}</Descriptions.Item>
        <Descriptions.Item label={t('qr.page.amount')}>
          <strong className="money">{formatVnd(topUp.amount)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('qr.page.reference')}>
          <Typography.Text copyable className="qr-reference" data-testid="qr-reference">
            {topUp.reference}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" showIcon className="form-alert" message={t('qr.page.howTo', { reference: topUp.reference })} />
    </Card>
  );
}

export default function QrPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: number }>();
  const explain = (e: unknown, fallback: string) => {
    const reason = reasonOf(e);
    return reason && (EXPLAINED as readonly string[]).includes(reason) ? t(`qr.errors.${reason}`) : messageOf(e, fallback);
  };
  const [shown, setShown] = useState<QrTopUp | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const account = useCustom<QrAccount, HttpError>({ url: QR_API.account, method: 'get', meta: QUIET, queryOptions: { queryKey: ['qr', 'account'], retry: false }, errorNotification: false });
  const list = useList<QrTopUp, HttpError>({ resource: RESOURCES.topUps, meta: TOPUPS_META, pagination: { mode: 'off' }, errorNotification: false });
  const { mutateAsync: create, mutation } = useCreate<QrTopUp, HttpError>();
  const acc = account.query.data?.data;

  const submit = async ({ amount }: { amount: number }) => {
    setFailure(null);
    try {
      const res = await create({ resource: RESOURCES.topUps, values: { amount }, meta: { ...TOPUPS_META, ...COMMAND }, successNotification: false, errorNotification: false });
      setShown(res.data);
    } catch (e) {
      setFailure(explain(e, t('qr.page.failed')));
    }
  };

  const left = () => {
    if (account.query.isError) return <LoadError onRetry={() => void account.query.refetch()} />;
    if (!acc) return <Skeleton active />;
    if (!acc.bankBin) return <Alert type="warning" showIcon message={t('qr.page.noAccount')} description={t('qr.page.noAccountHint')} data-testid="qr-no-account" />;
    return (
      <Card title={t('qr.page.formTitle')}>
        <Descriptions size="small" column={1} className="statement-summary">
          <Descriptions.Item label={t('qr.page.bank')}>{acc.bankName}</Descriptions.Item>
          <Descriptions.Item label={t('qr.page.accountNo')}>{acc.accountNo}</Descriptions.Item>
          <Descriptions.Item label={t('qr.page.accountName')}>{acc.accountName}</Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" onFinish={submit} className="qr-form" requiredMark={false}>
          <Form.Item
            name="amount"
            label={t('qr.page.amount')}
            extra={t('qr.page.amountHint', { min: formatVnd(QR_MIN_VND), max: formatVnd(QR_MAX_VND) })}
            rules={[
              {
                validator: (_, v: number | null | undefined) => {
                  const err = qrAmountError(v);
                  return err ? Promise.reject(new Error(t(`qr.page.amountError.${err}`, { min: formatVnd(QR_MIN_VND), max: formatVnd(QR_MAX_VND) }))) : Promise.resolve();
                },
              },
            ]}
          >
            <VndInput autoFocus data-testid="qr-amount" aria-label={t('qr.page.amount')} />
          </Form.Item>
          {failure ? <Alert type="error" showIcon role="alert" className="form-alert" message={failure} /> : null}
          <Button type="primary" htmlType="submit" icon={<QrcodeOutlined />} loading={mutation.isPending} data-testid="qr-create" block>
            {t('qr.page.create')}
          </Button>
        </Form>
      </Card>
    );
  };

  return (
    <PageFrame title={t('qr.page.title')} className="qr-page">
      <div className="qr-grid">
        {left()}
        {shown ? <QrTicket topUp={shown} /> : <Card className="qr-ticket"><Typography.Paragraph type="secondary">{t('qr.page.empty')}</Typography.Paragraph></Card>}
      </div>
      <Card title={t('qr.page.history')} className="qr-table">
        {list.query.isError ? (
          <LoadError onRetry={() => void list.query.refetch()} />
        ) : (
          <Table<QrTopUp>
            size="small"
            rowKey="id"
            loading={list.query.isLoading}
            dataSource={list.result.data}
            pagination={false}
            scroll={{ x: 560 }}
            locale={{ emptyText: t('qr.page.historyEmpty') }}
            columns={[
              { title: t('qr.page.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
              { title: t('qr.page.reference'), dataIndex: 'reference' },
              { title: t('qr.page.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatVnd(v) },
              { title: t('qr.page.status'), dataIndex: 'status', render: (s: QrTopUp['status']) => <Tag color={STATUS_COLOUR[s]}>{t(`qr.status.${s}`)}</Tag> },
              { title: '', key: 'show', render: (_, r) => <Button size="small" onClick={() => setShown(r)}>{t('qr.page.show')}</Button> },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
