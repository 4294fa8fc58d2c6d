/**
 * What the segment and passenger-structure screens share (pnr-segments): the booking's editable PNRs from the
 * hub, a frame with the loading, not-found and error states and the PNR picker, the itinerary table (segments,
 * ARNK, check-ins) shown before and after an edit, and a command hook: a confirmation, one POST with a fresh
 * idempotency key (PIN asked by the data provider when the gateway wants it), then every read refreshed.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Card, Empty, Select, Skeleton, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AfterSaleHub, PnrRecord, PnrSegment } from '../../../../contract/aftersale';
import { flownOrder } from '../../../../contract/aftersale-segments';
import { isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../../src/sdk';
import { afterSaleUrl, COMMAND, newKey, QUIET } from '../../api';
import { SegmentStatus } from '../../components/PnrSummary';
import '../../booking-edit.css';

export const segUrl = (path: string, id: number) => path.replace(':id', encodeURIComponent(String(id)));

/** The booking id of the route and the hub's answer (the PNRs as the airline holds them). */
export function useHub() {
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const { query } = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  return { bookingId, valid, query, hub: query.data?.data };
}

export interface Outcome {
  type: 'success' | 'error';
  text: string;
}

/** A command of an edit screen: confirm, post once, refresh. */
export function useEditCommand<B extends object, R extends BaseRecord>(url: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<R, HttpError, B & { idempotencyKey: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const confirm = (o: { title: string; content: ReactNode; ok: string; body: B; done: (r: R) => string; danger?: boolean }) => {
    if (busy.current) return;
    busy.current = true;
    modal.confirm({
      title: o.title,
      content: <div data-testid="edit-confirm">{o.content}</div>,
      okText: o.ok,
      okButtonProps: { 'data-testid': 'edit-ok', danger: o.danger } as never,
      cancelText: t('aftersale.paid.cancel'),
      onCancel: () => {
        busy.current = false;
      },
      onOk: async () => {
        setRunning(true);
        try {
          const r = await mutateAsync({ url, method: 'post', values: { ...o.body, idempotencyKey: newKey() }, meta: COMMAND, successNotification: false, errorNotification: false });
          setOutcome({ type: 'success', text: o.done(r.data) });
        } catch (e) {
          setOutcome({ type: 'error', text: (e as HttpError).message || t('aftersale.paid.failed') });
        } finally {
          busy.current = false;
          setRunning(false);
          await invalidate({ invalidates: ['all'] });
        }
      },
    });
  };
  return { confirm, outcome, setOutcome, running };
}

/** The frame of an edit screen: title, way back to the hub, the load states, the PNR picker and the outcome. */
export function EditFrame(props: {
  title: string;
  testId: string;
  hubState: ReturnType<typeof useHub>;
  pnr: string | undefined;
  onPnr: (pnr: string) => void;
  outcome: Outcome | null;
  children: (record: PnrRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const { bookingId, valid, query, hub } = props.hubState;
  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const records = hub?.pnrs ?? [];
  const record = records.find((r) => r.pnr === props.pnr) ?? records[0];
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  return (
    <PageFrame title={`${props.title}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid={props.testId}>
        {notFound && <Empty description={t('aftersale.notFound')} />}
        {!notFound && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!hub && query.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {props.outcome && <Alert type={props.outcome.type} showIcon data-testid="edit-outcome" data-type={props.outcome.type} message={props.outcome.text} />}
        {hub && records.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
        {records.length > 1 && (
          <Card size="small">
            <label className="bke-pax-pick">
              <span>{t('aftersale.segments.pickPnr')}</span>
              <Select
                className="bke-select"
                value={record?.pnr}
                onChange={props.onPnr}
                data-testid="pnr-select"
                options={records.map((r) => ({ value: r.pnr, label: `${r.airline} · ${r.pnr} · ${r.names.length} ${t('aftersale.segments.paxShort')}` }))}
              />
            </label>
          </Card>
        )}
        {record && props.children(record)}
      </div>
    </PageFrame>
  );
}

type Row = { key: string; kind: 'seg'; s: PnrSegment; mark?: 'new' | 'gone' | 'changed' } | { key: string; kind: 'arnk'; from: string; to: string; mark?: 'new' | 'gone' };

/** The itinerary in flying order: segments with their status and class, ARNK elements in their gaps, check-ins. */
export function Itinerary({ record, title, testId, marks = {} }: { record: Pick<PnrRecord, 'segments' | 'arnks' | 'checkIns' | 'names'>; title: string; testId: string; marks?: { segs?: Record<number, 'new' | 'gone' | 'changed'>; arnkAfter?: Record<number, 'new' | 'gone'> } }) {
  const { t } = useTranslation();
  const rows: Row[] = [];
  for (const s of flownOrder(record.segments)) {
    rows.push({ key: `s${s.segId}`, kind: 'seg', s, mark: marks.segs?.[s.segId] });
    const a = (record.arnks ?? []).find((x) => x.afterSegId === s.segId);
    if (a) rows.push({ key: `a${a.id}`, kind: 'arnk', from: a.from, to: a.to, mark: marks.arnkAfter?.[s.segId] });
  }
  const checked = (segId: number) => (record.checkIns ?? []).filter((c) => c.segId === segId).length;
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: 480 }}
        dataSource={rows}
        rowClassName={(r) => (r.mark ? `bks-${r.mark}` : '')}
        locale={{ emptyText: t('aftersale.segments.noSegments') }}
        columns={[
          {
            title: t('aftersale.pnr.flight'),
            key: 'f',
            render: (_: unknown, r: Row) =>
              r.kind === 'seg' ? (
                <span data-testid={`${testId}-seg`} data-route={`${r.s.from}-${r.s.to}`}>
                  <strong>{r.s.flightNo}</strong> {r.mark && <Tag color={r.mark === 'gone' ? 'red' : r.mark === 'new' ? 'green' : 'blue'}>{t(`aftersale.segments.mark.${r.mark}`)}</Tag>}
                </span>
              ) : (
                <span data-testid={`${testId}-arnk`}>
                  <strong>ARNK</strong> {r.mark && <Tag color={r.mark === 'gone' ? 'red' : 'green'}>{t(`aftersale.segments.mark.${r.mark}`)}</Tag>}
                </span>
              ),
          },
          { title: t('aftersale.pnr.route'), key: 'r', render: (_: unknown, r: Row) => (r.kind === 'seg' ? `${r.s.from} → ${r.s.to}` : `${r.from} ⇢ ${r.to}`) },
          { title: t('aftersale.pnr.departs'), key: 'd', render: (_: unknown, r: Row) => (r.kind === 'seg' ? r.s.departDate.replace('T', ' ') : t('aftersale.segments.surface')) },
          { title: t('aftersale.pnr.class'), key: 'c', render: (_: unknown, r: Row) => (r.kind === 'seg' ? r.s.class : '') },
          {
            title: t('aftersale.pnr.status'),
            key: 's',
            render: (_: unknown, r: Row) =>
              r.kind === 'seg' ? (
                <>
                  <SegmentStatus status={r.s.status} />
                  {checked(r.s.segId) > 0 && <Tag color="purple">{t('aftersale.segments.checkedIn', { n: checked(r.s.segId) })}</Tag>}
                </>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

/** The segment's label for pickers: flight, route, date, class. */
export const segmentLabel = (s: PnrSegment) => `${s.flightNo} · ${s.from} → ${s.to} · ${s.departDate.replace('T', ' ')} · ${s.class}`;

/** The passenger's name as the PNR holds it. */
export const paxName = (r: Pick<PnrRecord, 'names'>, paxId: number) => {
  const n = r.names.find((x) => x.paxId === paxId);
  return n ? `${n.lastName} ${n.firstName}` : `#${paxId}`;
};
