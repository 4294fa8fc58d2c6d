/**
 * /accounting/bank-statement: the agency that owns the receiving accounts imports a bank statement (the CSV
 * export of its bank), sees how each transfer matches the QR top-ups (reference in the description, exact
 * amount) and confirms the matches: each confirmation approves the top-up through the deposit's approval,
 * once. Importing the same statement again stores and credits nothing.
 */
import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, useList, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_BALANCE_RESOURCE } from '../../../contract/accounting';
import { MATCH_OUTCOMES, QR_API, qrPath, type ImportResult, type MatchOutcome, type StatementLineView } from '../../../contract/qr';
import { formatVnd, LoadError, messageOf, PageFrame } from '../../../src/sdk';
import { COMMAND, EXPLAINED, reasonOf, LINES_META, RESOURCES } from '../api';
import { outcomeColour, statementFileError } from '../model/qr';
import '../qr.css';

export default function StatementPage() {
  const { t } = useTranslation();
  const explain = (e: unknown, fallback: string) => {
    const reason = reasonOf(e);
    return reason && (EXPLAINED as readonly string[]).includes(reason) ? t(`qr.errors.${reason}`) : messageOf(e, fallback);
  };
  const invalidate = useInvalidate();
  const [outcome, setOutcome] = useState<MatchOutcome | undefined>('match');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const list = useList<StatementLineView, HttpError>({
    resource: RESOURCES.lines,
    meta: LINES_META,
    pagination: { mode: 'off' },
    filters: outcome ? [{ field: 'outcome', operator: 'eq', value: outcome }] : [],
    errorNotification: false,
  });
  const { mutateAsync: send, mutation } = useCustomMutation<ImportResult | StatementLineView, HttpError>();

  const refresh = async () => {
    await invalidate({ resource: RESOURCES.lines, invalidates: ['list'] });
    await invalidate({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] });
  };

  const importFile = async (file: File) => {
    setFailure(null);
    setResult(null);
    const refused = statementFileError(file);
    if (refused) {
      setFailure(t(`qr.statement.fileError.${refused}`));
      return;
    }
    try {
      const content = await file.text();
      const res = await send({ url: QR_API.statements, method: 'post', values: { fileName: file.name, content }, meta: COMMAND, successNotification: false, errorNotification: false });
      setResult(res.data as ImportResult);
      await refresh();
    } catch (e) {
      setFailure(explain(e, t('qr.statement.failed')));
    }
  };

  const confirm = async (line: StatementLineView) => {
    setFailure(null);
    setBusyLine(line.id);
    try {
      await send({ url: qrPath(QR_API.confirm, line.id), method: 'post', values: {}, meta: COMMAND, successNotification: false, errorNotification: false });
      await refresh();
    } catch (e) {
      setFailure(explain(e, t('qr.statement.failed')));
      await refresh();
    } finally {
      setBusyLine(null);
    }
  };

  return (
    <PageFrame title={t('qr.statement.title')} className="qr-page statement-page">
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('qr.statement.intro')} />
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void importFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} type="primary" loading={mutation.isPending && busyLine === null} data-testid="statement-upload">
              {t('qr.statement.import')}
            </Button>
          </Upload>
          {failure ? <Alert type="error" showIcon role="alert" message={failure} /> : null}
          {result ? (
            <Alert
              type={result.badRows.length > 0 ? 'warning' : 'success'}
              showIcon
              data-testid="statement-result"
              data-imported={result.imported}
              data-repeated={result.repeated}
              message={t('qr.statement.summary', { file: result.fileName, account: result.accountNo, imported: result.imported, repeated: result.repeated, matches: result.lines.filter((l) => l.outcome === 'match').length })}
              description={
                result.badRows.length > 0 ? (
                  <ul className="statement-bad">
                    {result.badRows.map((b) => (
                      <li key={b.row}>{t('qr.statement.badRow', { row: b.row, reason: t(`qr.statement.badReason.${b.reason}`) })}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          ) : null}
        </Space>
      </Card>
      <Card
        title={t('qr.statement.lines')}
        className="qr-table"
        extra={
          <Select
            allowClear
            style={{ minWidth: 200 }}
            value={outcome}
            onChange={(v?: MatchOutcome) => setOutcome(v)}
            placeholder={t('qr.statement.allOutcomes')}
            aria-label={t('qr.statement.outcome')}
            options={MATCH_OUTCOMES.map((o) => ({ value: o, label: t(`qr.outcome.${o}`) }))}
          />
        }
      >
        {list.query.isError ? (
          <LoadError onRetry={() => void list.query.refetch()} />
        ) : (
          <Table<StatementLineView>
            size="small"
            rowKey="id"
            loading={list.query.isLoading}
            dataSource={list.result.data}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 1040 }}
            locale={{ emptyText: t('qr.statement.empty') }}
            onRow={(r) => ({ 'data-line': r.bankRef, 'data-outcome': r.outcome }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('qr.statement.date'), dataIndex: 'txnDate', width: 100 },
              { title: t('qr.statement.bankRef'), dataIndex: 'bankRef', width: 140 },
              { title: t('qr.statement.credit'), dataIndex: 'credit', align: 'right', width: 120, render: (v: number, r) => (v > 0 ? formatVnd(v) : `−${formatVnd(r.debit)}`) },
              { title: t('qr.statement.description'), dataIndex: 'description', className: 'statement-desc', width: 240 },
              {
                title: t('qr.statement.topUp'),
                key: 'topUp',
                width: 170,
                render: (_, r) => (r.reference ? <span>{r.reference}{r.agencyCode ? <><br />{r.agencyCode}{r.expectedAmount !== null ? ` · ${formatVnd(r.expectedAmount)}` : ''}</> : null}</span> : '—'),
              },
              { title: t('qr.statement.outcome'), dataIndex: 'outcome', width: 150, render: (o: MatchOutcome) => <Tag color={outcomeColour(o)}>{t(`qr.outcome.${o}`)}</Tag> },
              {
                title: '',
                key: 'action',
                width: 120,
                render: (_, r) =>
                  r.outcome === 'match' ? (
                    <Popconfirm
                      title={t('qr.statement.confirmTitle')}
                      description={t('qr.statement.confirmText', { amount: formatVnd(r.credit), agency: r.agencyCode ?? '', reference: r.reference ?? '' })}
                      okText={t('qr.statement.confirmOk')}
                      cancelText={t('qr.statement.cancel')}
                      onConfirm={() => confirm(r)}
                    >
                      <Button size="small" type="primary" icon={<CheckOutlined />} loading={busyLine === r.id} data-testid="statement-confirm">
                        {t('qr.statement.confirm')}
                      </Button>
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
