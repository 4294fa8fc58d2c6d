/**
 * /booking/edit/refund-ticket/:id: the refund quote per passenger (paid, penalty, refundable, the fare rule's
 * text), chosen per PNR; the confirmation states the amount credited to the deposit. Refunded lines cannot be
 * chosen. Posting needs refund_ticket on the server: its 403 is shown here with the gateway's message.
 * The quote is a custom read of the booking; each PNR's choice is a Refine form (useForm) whose one field is the
 * passengers chosen, posted as a command on the booking with a fresh idempotency key per confirmation.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Grid, Skeleton, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useForm } from '@refinedev/antd';
import { useCustom, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MoneyResult, RefundQuote, RefundQuoteLine, RefundRequest } from '../../../contract/bookings';
import { ErrorCode } from '../../../contract/errors';
import { isApiError } from '../../../src/sdk';
import { formatVnd } from '../../../src/sdk';
import { LoadError, PageFrame } from '../../../src/sdk';
import { BOOKINGS_RESOURCE, COMMAND, QUIET, bookingReadKey, bookingUrl } from '../api';
import { useMoneyRefresh } from '../components/manage/use-money';
import { issueAttempt, newIdempotencyKey, type IssueAttempt } from '../model/actions';
import { canChoose, groupByPnr, refundSelection, type RefundGroup } from '../model/refund';
import '../manage.css';

interface Outcome {
  type: 'success' | 'error';
  text: string;
  forbidden?: boolean;
}

/** The passengers of one PNR chosen for refund: the form's field, a table (cards on a phone). */
function PaxChoice({ group, value = [], onChange }: { group: RefundGroup; value?: number[]; onChange?: (paxIds: number[]) => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const toggle = (paxId: number, on: boolean) => onChange?.(on ? [...value.filter((x) => x !== paxId), paxId] : value.filter((x) => x !== paxId));

  const columns = [
    {
      title: t('bookings.detail.name'),
      key: 'name',
      width: 200,
      render: (_: unknown, l: RefundQuoteLine) => (
        <span>
          <strong>{l.name}</strong> <span className="muted">({t(`bookings.paxType.${l.paxType}`)})</span>
          <div className="bkm-code muted">{l.ticketNumber}</div>
        </span>
      ),
    },
    { title: t('bookings.refund.paid'), dataIndex: 'paid', key: 'paid', align: 'right' as const, width: 120, render: (v: number) => formatVnd(v) },
    { title: t('bookings.refund.penalty'), dataIndex: 'penalty', key: 'penalty', align: 'right' as const, width: 120, render: (v: number) => formatVnd(v) },
    {
      title: t('bookings.refund.refundable'),
      dataIndex: 'refundable',
      key: 'refundable',
      align: 'right' as const,
      width: 130,
      render: (v: number, l: RefundQuoteLine) => (l.refunded ? <Tag>{t('bookings.refund.refunded')}</Tag> : <strong>{formatVnd(v)}</strong>),
    },
    { title: t('bookings.refund.rule'), dataIndex: 'rule', key: 'rule', width: 260, render: (v: string) => <span className="bkm-rule">{v}</span> },
  ];

  return phone ? (
    <div className="bkm-refund-cards">
      {group.lines.map((l) => (
        <div key={l.paxId} className="bkm-refund-card" data-testid="refund-line" data-refunded={String(l.refunded)}>
          <Checkbox checked={value.includes(l.paxId)} disabled={!canChoose(l)} onChange={(e) => toggle(l.paxId, e.target.checked)} aria-label={l.name} data-testid={`refund-pick-${l.paxId}`}>
            <strong>{l.name}</strong> <span className="muted">({t(`bookings.paxType.${l.paxType}`)})</span>
          </Checkbox>
          <div className="bkm-code muted">{l.ticketNumber}</div>
          <div className="bkm-card-grid">
            <span className="muted">{t('bookings.refund.paid')}</span>
            <span>{formatVnd(l.paid)}</span>
            <span className="muted">{t('bookings.refund.penalty')}</span>
            <span>{formatVnd(l.penalty)}</span>
            <span className="muted">{t('bookings.refund.refundable')}</span>
            <span>{l.refunded ? <Tag>{t('bookings.refund.refunded')}</Tag> : <strong>{formatVnd(l.refundable)}</strong>}</span>
          </div>
          {l.rule && <div className="bkm-rule">{l.rule}</div>}
        </div>
      ))}
    </div>
  ) : (
    <Table<RefundQuoteLine>
      size="small"
      rowKey="paxId"
      columns={columns}
      dataSource={group.lines}
      pagination={false}
      scroll={{ x: 830 }}
      rowSelection={{
        selectedRowKeys: value,
        onChange: (keys) => onChange?.(keys.map(Number)),
        getCheckboxProps: (l) => ({ disabled: !canChoose(l), 'aria-label': l.name, 'data-testid': `refund-pick-${l.paxId}` }) as never,
      }}
      onRow={(l) => ({ 'data-testid': 'refund-line', 'data-refunded': String(l.refunded) }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

export function RefundGroupCard({ bookingId, group }: { bookingId: number; group: RefundGroup }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const refreshMoney = useMoneyRefresh();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const attempt = useRef<IssueAttempt | null>(null);
  // re-entry guard: two confirmations in one tick both see the form idle
  const sending = useRef(false);
  const { form, formProps, onFinish } = useForm<MoneyResult, HttpError, RefundRequest>({
    resource: BOOKINGS_RESOURCE,
    action: 'create',
    // a 403 (no refund_ticket) stays on the page with the gateway's message instead of opening /not-allow
    meta: { path: bookingUrl.refund(bookingId), ...COMMAND, skipAuthRedirect: true },
    redirect: false,
    invalidates: [],
    successNotification: false,
    errorNotification: false,
  });
  const chosen = (Form.useWatch('paxIds', form) as number[] | undefined) ?? [];
  const selection = refundSelection(group, chosen);

  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    attempt.current = issueAttempt(attempt.current, [group.pnr, ...selection.paxIds.map(String)], false, newIdempotencyKey);
    try {
      const r = await onFinish({ idempotencyKey: attempt.current.key, pnr: group.pnr, paxIds: selection.paxIds });
      if (!r) return;
      setOutcome({ type: 'success', text: t('bookings.refund.done', { amount: formatVnd(r.data.amount), balance: formatVnd(r.data.balanceAfter) }) });
      form.setFieldValue('paxIds', []);
      // money moved: the quote (read under this booking) and the balances are read again
      await refreshMoney();
    } catch (e) {
      const forbidden = isApiError(e) && e.status === 403 && e.code === ErrorCode.FORBIDDEN;
      setOutcome({ type: 'error', forbidden, text: (isApiError(e) && e.message) || t('bookings.actions.failed') });
    } finally {
      sending.current = false;
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('bookings.refund.confirmTitle'),
      content: (
        <div className="bkm-confirm" data-testid="action-confirm">
          <div>
            {t('bookings.refund.confirmText', { count: selection.paxIds.length })} <strong className="bkm-code">{group.pnr}</strong>
          </div>
          <div>
            {t('bookings.refund.penalty')}: {formatVnd(selection.penalty)}
          </div>
          <div>
            {t('bookings.refund.credited')}: <strong data-testid="confirm-amount" data-amount={selection.credit}>{formatVnd(selection.credit)}</strong>
          </div>
        </div>
      ),
      okText: t('bookings.refund.submit'),
      cancelText: t('bookings.actions.back'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      onOk: send,
    });

  return (
    <Card size="small" title={<span className="bkm-code bkm-pnr-code">{group.pnr}</span>} data-testid="refund-group" data-pnr={group.pnr}>
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          role={outcome.type === 'error' ? 'alert' : 'status'}
          className="bkm-feedback"
          data-testid="refund-outcome"
          data-type={outcome.type}
          message={outcome.forbidden ? t('bookings.refund.forbidden') : outcome.text}
          description={outcome.forbidden ? outcome.text : undefined}
        />
      )}
      <Form {...formProps} form={form} component={false} initialValues={{ paxIds: [] }}>
        <Form.Item name="paxIds" noStyle>
          <PaxChoice group={group} />
        </Form.Item>
      </Form>
      <div className="bkm-refund-footer">
        <span>
          {t('bookings.refund.selected', { count: selection.paxIds.length })} · {t('bookings.refund.credited')}:{' '}
          <strong data-testid="refund-credit" className="bkm-nowrap">{formatVnd(selection.credit)}</strong>
        </span>
        <Button type="primary" danger disabled={selection.paxIds.length === 0} onClick={confirm} data-testid="refund-submit">
          {t('bookings.refund.submit')}
        </Button>
      </div>
    </Card>
  );
}

export default function RefundTicketPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const quote = useCustom<RefundQuote, HttpError>({
    url: bookingUrl.refund(bookingId),
    method: 'get',
    meta: QUIET,
    queryOptions: { queryKey: bookingReadKey(bookingId, 'refund'), enabled: valid, retry: false, staleTime: 0 },
    errorNotification: false,
  }).query;
  const groups = groupByPnr(quote.data?.data.lines ?? []);
  const notFound = !valid || (isApiError(quote.error) && quote.error.status === 404);
  const back = (
    <Link to={`/booking/booking-detail/${valid ? bookingId : ''}`}>
      <ArrowLeftOutlined /> {t('bookings.refund.backToDetail')}
    </Link>
  );
  return (
    <PageFrame title={`${t('bookings.refund.title')}${valid ? ` #${bookingId}` : ''}`} extra={valid ? back : undefined} className="bkm-page">
      <div data-testid="refund-page" className="bkm-detail">
        {notFound ? (
          <Card>
            <Empty description={t('bookings.detail.notFound')} />
          </Card>
        ) : (
          <>
            {quote.isError && (isApiError(quote.error) && quote.error.status === 409 ? <Alert type="warning" showIcon message={quote.error.message} /> : <LoadError onRetry={() => void quote.refetch()} />)}
            {quote.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
            {quote.data && groups.length === 0 && (
              <Card>
                <Empty description={t('bookings.refund.nothing')} />
              </Card>
            )}
            {quote.data && groups.length > 0 && <Alert type="info" showIcon message={t('bookings.refund.intro')} />}
            {groups.map((g) => (
              <RefundGroupCard key={g.pnr} bookingId={bookingId} group={g} />
            ))}
          </>
        )}
      </div>
    </PageFrame>
  );
}
