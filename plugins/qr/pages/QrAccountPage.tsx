/**
 * /qr/{id}: the F1 sets the account a sub-agency tops up to by VietQR (bank, account number, account name).
 * The F1's agency owns that account: it imports its statements and confirms the transfers. The picker
 * switches between the F1's sub-agencies.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Select, Skeleton, Tag } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useList, useOne, useUpdate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BANKS, type QrAccount, type QrAccountInput } from '../../../contract/qr';
import { formatDateTime, linkTo, LoadError, messageOf, PageFrame, PAGES } from '../../../src/sdk';
import { ACCOUNTS_META, COMMAND, RESOURCES } from '../api';
import '../qr.css';

export default function QrAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  const [form] = Form.useForm<QrAccountInput>();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useList<QrAccount, HttpError>({ resource: RESOURCES.accounts, meta: ACCOUNTS_META, pagination: { mode: 'off' }, errorNotification: false });
  const { result: account, query } = useOne<QrAccount, HttpError>({ resource: RESOURCES.accounts, id, meta: ACCOUNTS_META, queryOptions: { enabled: valid, retry: false }, errorNotification: false });
  const { mutateAsync: update, mutation } = useUpdate<QrAccount, HttpError, QrAccountInput>();

  useEffect(() => {
    setSaved(false);
    setFailure(null);
    if (account) form.setFieldsValue({ bankBin: account.bankBin ?? undefined, accountNo: account.accountNo ?? '', accountName: account.accountName ?? '' });
  }, [account, form]);

  const save = async (values: QrAccountInput) => {
    setFailure(null);
    setSaved(false);
    try {
      await update({ resource: RESOURCES.accounts, id, values, meta: { ...ACCOUNTS_META, ...COMMAND }, successNotification: false, errorNotification: false });
      setSaved(true);
    } catch (e) {
      setFailure(messageOf(e, t('qr.account.failed')));
    }
  };

  const picker = (
    <Select
      className="qr-agency-picker"
      style={{ minWidth: 240, maxWidth: '100%' }}
      placeholder={t('qr.account.pick')}
      aria-label={t('qr.account.pick')}
      loading={list.query.isLoading}
      value={valid ? Number(id) : undefined}
      onChange={(v: number) => navigate(linkTo(PAGES.qr.account, { id: String(v) }))}
      options={(list.result.data ?? []).map((a) => ({ value: a.agencyId, label: `${a.agencyCode} · ${a.agencyName}${a.bankBin ? '' : ` (${t('qr.account.notSet')})`}` }))}
    />
  );

  const body = () => {
    if (!valid || query.error?.statusCode === 404) return <Empty description={t('qr.account.notFound')} />;
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !account) return <Skeleton active paragraph={{ rows: 5 }} />;
    return (
      <Card
        title={`${account.agencyCode} · ${account.agencyName}`}
        extra={account.bankBin ? <Tag color="green">{t('qr.account.set')}</Tag> : <Tag>{t('qr.account.notSet')}</Tag>}
        data-testid="qr-account"
      >
        <Form form={form} layout="vertical" onFinish={save} className="qr-form" style={{ maxWidth: 520 }}>
          <Form.Item name="bankBin" label={t('qr.account.bank')} rules={[{ required: true, message: t('qr.account.bankRequired') }]}>
            <Select showSearch optionFilterProp="label" options={BANKS.map((b) => ({ value: b.bin, label: `${b.name} (${b.code})` }))} aria-label={t('qr.account.bank')} />
          </Form.Item>
          <Form.Item
            name="accountNo"
            label={t('qr.account.accountNo')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9]{4,19}$/, message: t('qr.account.accountNoError') }]}
          >
            <Input inputMode="numeric" maxLength={19} autoComplete="off" />
          </Form.Item>
          <Form.Item name="accountName" label={t('qr.account.accountName')} rules={[{ required: true, min: 2, max: 80, whitespace: true, message: t('qr.account.accountNameError') }]}>
            <Input maxLength={80} />
          </Form.Item>
          {account.updatedAt ? <p className="ant-form-item-extra">{t('qr.account.updatedAt', { at: formatDateTime(account.updatedAt) })}</p> : null}
          {failure ? <Alert type="error" showIcon role="alert" className="form-alert" message={failure} /> : null}
          {saved ? <Alert type="success" showIcon className="form-alert" message={t('qr.account.saved')} /> : null}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending}>
            {t('qr.account.save')}
          </Button>
        </Form>
      </Card>
    );
  };

  return (
    <PageFrame title={t('qr.account.title')} className="qr-page" extra={picker}>
      <Alert type="info" showIcon className="form-alert" message={t('qr.account.intro')} />
      {body()}
    </PageFrame>
  );
}
