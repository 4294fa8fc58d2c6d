/**
 * /booking/edit/change-route-class/:id: rebooks a segment in another class of the same flight. The fare
 * difference is shown first: a dearer class pays it from the deposit (PIN); a cheaper one pays nothing and shows
 * the residual, which is not refunded automatically.
 */
import { useState } from 'react';
import { Alert, Button, Card, Radio, Select, Skeleton, Table } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { flownOrder, SEGMENT_EDIT_API, type ClassOption } from '../../../../contract/aftersale-segments';
import { formatVnd, isApiError } from '../../../../src/sdk';
import { QUIET } from '../../api';
import { EditFrame, Itinerary, segmentLabel, segUrl, useEditCommand, useHub } from './shared';

export default function ChangeRouteClassPage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [segId, setSegId] = useState<number | null>(null);
  const [cls, setCls] = useState<string | null>(null);
  const record = hubState.hub?.pnrs.find((r) => r.pnr === pnr) ?? hubState.hub?.pnrs[0];
  const { query } = useCustom<ClassOption[]>({
    url: segUrl(SEGMENT_EDIT_API.classQuotes, hubState.bookingId),
    method: 'get',
    config: { query: { pnr: record?.pnr, segId } },
    meta: QUIET,
    errorNotification: false,
    queryOptions: { enabled: !!record && !!segId },
  });
  const options = query.data?.data ?? [];
  const choice = options.find((o) => o.class === cls);
  const cmd = useEditCommand<{ pnr: string; segId: number; class: string }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.changeClass, hubState.bookingId));

  const submit = (r: PnrRecord) => {
    const s = r.segments.find((x) => x.segId === segId);
    if (!s || !choice) return;
    cmd.confirm({
      title: t('aftersale.segments.cls.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.cls.confirmText', { seg: segmentLabel(s), cls: choice.class })}</p>
          <p>{choice.toPay > 0 ? t('aftersale.paid.confirmText', { amount: formatVnd(choice.toPay) }) : t('aftersale.segments.cls.residual', { amount: formatVnd(choice.residual) })}</p>
        </>
      ),
      ok: t('aftersale.paid.ok'),
      body: { pnr: r.pnr, segId: s.segId, class: choice.class },
      done: (res) => {
        setCls(null);
        return t('aftersale.segments.cls.done', { cls: choice.class, amount: formatVnd(res.amount) });
      },
    });
  };

  return (
    <EditFrame title={t('aftersale.segments.cls.title')} testId="change-route-class-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setSegId(null), setCls(null))} outcome={cmd.outcome}>
      {(r) => (
        <>
          <Itinerary record={r} title={t('aftersale.segments.current')} testId="itinerary" />
          <Card size="small" title={t('aftersale.segments.cls.choose')}>
            <Select
              className="bke-select bks-wide"
              value={segId ?? undefined}
              placeholder={t('aftersale.segments.pickSegment')}
              aria-label={t('aftersale.segments.pickSegment')}
              onChange={(v: number) => (setSegId(v), setCls(null))}
              data-testid="class-segment"
              options={flownOrder(r.segments).map((s) => ({ value: s.segId, label: segmentLabel(s) }))}
            />
            {segId && query.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
            {segId && query.isError && <Alert type="warning" showIcon message={isApiError(query.error) ? query.error.message : t('aftersale.paid.failed')} />}
            {segId && !query.isLoading && !query.isError && (
              <Radio.Group value={cls} onChange={(e) => setCls(String(e.target.value))} className="bks-block">
                <Table<ClassOption>
                  size="small"
                  rowKey="class"
                  pagination={false}
                  scroll={{ x: 440 }}
                  dataSource={options}
                  columns={[
                    { title: t('aftersale.pnr.class'), key: 'c', render: (_: unknown, o) => <Radio value={o.class} disabled={o.current || o.seatAvailable < 1} data-testid={`class-${o.class}`}>{o.class}{o.current ? ` (${t('aftersale.segments.cls.current')})` : ''}</Radio> },
                    { title: t('aftersale.segments.cls.total'), key: 't', render: (_: unknown, o) => formatVnd(o.newTotal) },
                    { title: t('aftersale.segments.cls.difference'), key: 'd', render: (_: unknown, o) => (o.difference > 0 ? `+${formatVnd(o.difference)}` : o.difference < 0 ? `−${formatVnd(-o.difference)}` : '0') },
                    { title: t('aftersale.segments.seats'), key: 's', render: (_: unknown, o) => o.seatAvailable },
                  ]}
                />
              </Radio.Group>
            )}
          </Card>
          {choice && segId && (
            <Itinerary record={{ ...r, segments: r.segments.map((s) => (s.segId === segId ? { ...s, class: choice.class } : s)) }} title={t('aftersale.segments.after')} testId="itinerary-after" marks={{ segs: { [segId]: 'changed' } }} />
          )}
          <Card size="small" className="bke-total">
            <span data-testid="class-quote">
              {choice ? (choice.toPay > 0 ? t('aftersale.segments.cls.pay', { amount: formatVnd(choice.toPay) }) : t('aftersale.segments.cls.residual', { amount: formatVnd(choice.residual) })) : t('aftersale.segments.cls.pick')}
            </span>
            <Button type="primary" disabled={!choice} loading={cmd.running} onClick={() => submit(r)} data-testid="class-submit">
              {t('aftersale.segments.cls.ok')}
            </Button>
          </Card>
        </>
      )}
    </EditFrame>
  );
}
