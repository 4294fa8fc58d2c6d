/**
 * /booking/edit/buy-seat/:id: the seat map of each segment from the airline; one seat per passenger per
 * segment (choosing another moves the passenger: chooseSeat), infants get none, children not in an exit row,
 * blocked and taken seats cannot be chosen (seatProblem). The total of the paid seats is stated before paying.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Card, Radio, Select, Skeleton, Tabs } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { AFTERSALE_API, chooseSeat, seatProblem, type BuySeatRequest, type SeatCell, type SeatMap } from '../../../contract/aftersale';
import { formatVnd, LoadError } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { PaidEditFrame, PaidTotal, useAfterSaleHub, useBookingId } from '../components/PaidEditFrame';
import { SeatLegend, SeatMapView } from '../components/SeatMapView';
import { usePaidEdit } from '../components/use-paid-edit';

interface Pick {
  paxId: number;
  segId: number;
  seat: string;
  price: number;
}

export default function BuySeatPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { bookingId, valid } = useBookingId();
  const hubQuery = useAfterSaleHub(bookingId, valid);
  const hub = hubQuery.data?.data;
  const [pnrCode, setPnrCode] = useState<string | null>(null);
  const record = hub?.pnrs.find((p) => p.pnr === pnrCode) ?? hub?.pnrs[0];
  const [segId, setSegId] = useState(1);
  const seated = useMemo(() => (record?.names ?? []).filter((n) => n.paxType !== 'INF'), [record]);
  const [paxId, setPaxId] = useState<number | null>(null);
  const activePax = seated.find((p) => p.paxId === paxId) ?? seated[0];
  const [picks, setPicks] = useState<Pick[]>([]);
  const mapQuery = useCustom<SeatMap>({
    url: afterSaleUrl.seatMap(bookingId),
    method: 'get',
    config: { query: { pnr: record?.pnr, segId } },
    meta: QUIET,
    queryOptions: { enabled: !!record },
    errorNotification: false,
  }).query;
  const map = mapQuery.data?.data;
  const paid = usePaidEdit<Omit<BuySeatRequest, 'idempotencyKey'>>(AFTERSALE_API.buySeat.replace(':id', String(bookingId)));
  const nameOf = (id: number) => {
    const n = record?.names.find((x) => x.paxId === id);
    return n ? `${n.lastName} ${n.firstName}` : `#${id}`;
  };
  const segPicks = picks.filter((p) => p.segId === segId);
  const picked = new Map(segPicks.map((p) => [p.seat, nameOf(p.paxId)]));
  const held = new Map((record?.seats ?? []).filter((s) => s.segId === segId).map((s) => [s.seat, nameOf(s.paxId)]));
  const total = picks.reduce((s, p) => s + p.price, 0);

  const onPick = (cell: SeatCell) => {
    if (!map || !activePax) return;
    const problem = seatProblem(map, { paxId: activePax.paxId, paxType: activePax.paxType }, cell.seat);
    if (problem && problem !== 'sameSeat') {
      void message.warning(t(`aftersale.seat.problem.${problem}`));
      return;
    }
    if (problem === 'sameSeat') return;
    setPicks((list) => chooseSeat(list, { paxId: activePax.paxId, segId, seat: cell.seat, price: cell.price }));
    paid.setOutcome(null);
    // the next passenger without a seat on this segment becomes active
    const next = seated.find((p) => p.paxId !== activePax.paxId && !picks.some((x) => x.paxId === p.paxId && x.segId === segId));
    if (next) setPaxId(next.paxId);
  };

  const submit = () => {
    if (!record) return;
    const segOf = (s: number) => record.segments.find((g) => g.segId === s);
    paid.confirm(
      total,
      <ul className="bke-confirm-list">
        {picks.map((p) => (
          <li key={`${p.paxId}-${p.segId}`}>
            {nameOf(p.paxId)} · {segOf(p.segId)?.flightNo} · {t('aftersale.seat.seat')} <strong>{p.seat}</strong>: {p.price > 0 ? formatVnd(p.price) : t('aftersale.seat.freeSeat')}
          </li>
        ))}
      </ul>,
      [{ pnr: record.pnr, seats: picks.map(({ paxId: p, segId: s, seat }) => ({ paxId: p, segId: s, seat })) }],
      () => setPicks([]),
    );
  };

  return (
    <PaidEditFrame titleKey="aftersale.seat.title" bookingId={bookingId} valid={valid} read={hubQuery} loaded={!!hub} outcome={paid.outcome} testId="buy-seat-page">
        {hub && hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
        {record && (
          <Card size="small">
            {hub && hub.pnrs.length > 1 && (
              <Select
                className="bke-select"
                value={record.pnr}
                onChange={(v: string) => {
                  setPnrCode(v);
                  setSegId(1);
                  setPicks([]);
                }}
                options={hub.pnrs.map((p) => ({ value: p.pnr, label: `${p.airline} · ${p.pnr}` }))}
                aria-label="PNR"
              />
            )}
            <Tabs
              activeKey={String(segId)}
              onChange={(k) => setSegId(Number(k))}
              items={record.segments.map((s) => ({ key: String(s.segId), label: `${s.flightNo} ${s.from}-${s.to}` }))}
            />
            <div className="bke-pax-pick">
              <span className="muted">{t('aftersale.seat.forPassenger')}</span>
              <Radio.Group value={activePax?.paxId} onChange={(e) => setPaxId(Number(e.target.value))} optionType="button" buttonStyle="solid" data-testid="seat-pax">
                {seated.map((p) => {
                  const pick = segPicks.find((x) => x.paxId === p.paxId);
                  return (
                    <Radio.Button key={p.paxId} value={p.paxId} data-testid={`seat-pax-${p.paxId}`}>
                      {p.lastName} {p.firstName}
                      {pick ? ` · ${pick.seat}` : ''}
                    </Radio.Button>
                  );
                })}
              </Radio.Group>
            </div>
            <SeatLegend />
            {mapQuery.isError && <LoadError onRetry={() => void mapQuery.refetch()} />}
            {!map && mapQuery.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
            {map && <SeatMapView map={map} picked={picked} held={held} onPick={onPick} />}
          </Card>
        )}
        {record && (
          <PaidTotal total={total} totalTestId="seat-total" buttonTestId="seat-buy" label={t('aftersale.seat.buy')} disabled={picks.length === 0} running={paid.running} onPay={submit} />
        )}
    </PaidEditFrame>
  );
}
