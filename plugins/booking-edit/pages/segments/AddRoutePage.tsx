/**
 * /booking/edit/add-route/:id: a new segment from the flights of the PNR's own source, priced for its passengers
 * per class (fare + tax + VAT), paid from the deposit (PIN) once the itinerary after the change is shown.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Radio, Skeleton } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PaidEditResult, PnrRecord } from '../../../../contract/aftersale';
import { flownOrder, SEGMENT_EDIT_API, type RouteOffer } from '../../../../contract/aftersale-segments';
import { formatVnd, isApiError } from '../../../../src/sdk';
import { QUIET } from '../../api';
import { EditFrame, Itinerary, segUrl, useEditCommand, useHub } from './shared';

interface Search {
  pnr: string;
  from: string;
  to: string;
  date: string;
}

function Offers({ bookingId, search, picked, onPick }: { bookingId: number; search: Search; picked: string; onPick: (v: string, o: RouteOffer, cls: string) => void }) {
  const { t } = useTranslation();
  const { query } = useCustom<RouteOffer[]>({ url: segUrl(SEGMENT_EDIT_API.routeOffers, bookingId), method: 'get', config: { query: { ...search } }, meta: QUIET, errorNotification: false });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <Alert type="warning" showIcon message={isApiError(query.error) ? query.error.message : t('aftersale.paid.failed')} />;
  const offers = query.data?.data ?? [];
  if (offers.length === 0) return <Empty description={t('aftersale.segments.route.none')} />;
  return (
    <Radio.Group value={picked} className="bks-offers" onChange={(e) => {
      const [flightNo, cls] = String(e.target.value).split('|');
      const o = offers.find((x) => x.flightNo === flightNo)!;
      onPick(String(e.target.value), o, cls);
    }}>
      {offers.map((o) => (
        <div key={o.flightNo} className="bks-offer" data-testid={`route-offer-${o.flightNo}`}>
          <div>
            <strong>{o.flightNo}</strong> {o.from} → {o.to} · {o.departDate.replace('T', ' ')} – {o.arrivalDate.slice(11)} · {o.aircraft}
          </div>
          <div className="bks-classes">
            {o.classes.filter((c) => c.seatAvailable > 0).map((c) => (
              <Radio key={c.class} value={`${o.flightNo}|${c.class}`} data-testid={`route-class-${o.flightNo}-${c.class}`} data-total={c.total}>
                {c.class} · {formatVnd(c.total)} <span className="muted">({t('aftersale.segments.seatsLeft', { n: c.seatAvailable })})</span>
              </Radio>
            ))}
          </div>
        </div>
      ))}
    </Radio.Group>
  );
}

export default function AddRoutePage() {
  const { t } = useTranslation();
  const hubState = useHub();
  const [pnr, setPnr] = useState<string>();
  const [form, setForm] = useState({ from: '', to: '', date: '' });
  const [search, setSearch] = useState<Search | null>(null);
  const [picked, setPicked] = useState<{ value: string; offer: RouteOffer; cls: string } | null>(null);
  const cmd = useEditCommand<{ pnr: string; flightNo: string; departDate: string; from: string; to: string; class: string }, PaidEditResult>(segUrl(SEGMENT_EDIT_API.addRoute, hubState.bookingId));
  const valid = /^[A-Z]{3}$/.test(form.from) && /^[A-Z]{3}$/.test(form.to) && form.from !== form.to && /^\d{4}-\d{2}-\d{2}$/.test(form.date);

  const preview = (r: PnrRecord): PnrRecord | null => {
    if (!picked) return null;
    const o = picked.offer;
    const segId = Math.max(0, ...r.segments.map((s) => s.segId)) + 1;
    return { ...r, segments: [...r.segments, { segId, carrier: o.carrier, flightNo: o.flightNo, from: o.from, to: o.to, departDate: o.departDate, arrivalDate: o.arrivalDate, class: picked.cls, cabinClass: '', aircraft: o.aircraft, status: 'HK', direction: 'depart' }] };
  };

  const submit = (r: PnrRecord) => {
    if (!picked) return;
    const total = picked.offer.classes.find((c) => c.class === picked.cls)?.total ?? 0;
    const after = preview(r)!;
    cmd.confirm({
      title: t('aftersale.paid.confirmTitle'),
      content: (
        <>
          <p>{t('aftersale.segments.route.confirmText', { flight: picked.offer.flightNo, cls: picked.cls, n: r.names.length })}</p>
          <Itinerary record={after} title={t('aftersale.segments.after')} testId="confirm-after" marks={{ segs: { [after.segments.at(-1)!.segId]: 'new' } }} />
          <p className="bke-confirm-total">{t('aftersale.paid.confirmText', { amount: formatVnd(total) })}</p>
        </>
      ),
      ok: t('aftersale.paid.ok'),
      body: { pnr: r.pnr, flightNo: picked.offer.flightNo, departDate: picked.offer.departDate.slice(0, 10), from: picked.offer.from, to: picked.offer.to, class: picked.cls },
      done: (res) => {
        setPicked(null);
        setSearch(null);
        return t('aftersale.segments.route.done', { flight: picked.offer.flightNo, amount: formatVnd(res.amount) });
      },
    });
  };

  return (
    <EditFrame title={t('aftersale.segments.route.title')} testId="add-route-page" hubState={hubState} pnr={pnr} onPnr={(p) => (setPnr(p), setPicked(null), setSearch(null))} outcome={cmd.outcome}>
      {(r) => {
        const after = preview(r);
        const last = flownOrder(r.segments).at(-1);
        return (
          <>
            <Itinerary record={r} title={t('aftersale.segments.current')} testId="itinerary" />
            <Card size="small" title={t('aftersale.segments.route.find', { airline: r.airline, source: r.source })}>
              <form
                className="bks-search"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (valid) {
                    setPicked(null);
                    setSearch({ pnr: r.pnr, ...form });
                  }
                }}
              >
                <label>
                  {t('aftersale.segments.route.from')}
                  <Input value={form.from} maxLength={3} placeholder={last?.to} onChange={(e) => setForm((f) => ({ ...f, from: e.target.value.toUpperCase() }))} data-testid="route-from" />
                </label>
                <label>
                  {t('aftersale.segments.route.to')}
                  <Input value={form.to} maxLength={3} onChange={(e) => setForm((f) => ({ ...f, to: e.target.value.toUpperCase() }))} data-testid="route-to" />
                </label>
                <label>
                  {t('aftersale.segments.route.date')}
                  <Input type="date" value={form.date} onChange={(e) => setForm((f) => ({ ...f, date: e.target.value }))} data-testid="route-date" />
                </label>
                <Button htmlType="submit" icon={<SearchOutlined />} disabled={!valid} data-testid="route-search">
                  {t('aftersale.segments.route.search')}
                </Button>
              </form>
              {search && <Offers bookingId={hubState.bookingId} search={search} picked={picked?.value ?? ''} onPick={(value, offer, cls) => setPicked({ value, offer, cls })} />}
            </Card>
            {after && <Itinerary record={after} title={t('aftersale.segments.after')} testId="itinerary-after" marks={{ segs: { [after.segments.at(-1)!.segId]: 'new' } }} />}
            <Card size="small" className="bke-total">
              <span>
                {t('aftersale.total')}: <strong data-testid="route-total">{formatVnd(picked?.offer.classes.find((c) => c.class === picked.cls)?.total ?? 0)}</strong>
              </span>
              <Button type="primary" disabled={!picked} loading={cmd.running} onClick={() => submit(r)} data-testid="route-add">
                {t('aftersale.segments.route.add')}
              </Button>
            </Card>
          </>
        );
      }}
    </EditFrame>
  );
}
