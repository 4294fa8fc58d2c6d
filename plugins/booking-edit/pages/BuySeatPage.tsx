/**
 * /booking/edit/buy-seat/:id: the seat map of each segment from the airline; one seat per passenger per
 * segment (choosing another moves the passenger: chooseSeat), infants get none, children not in an exit row,
 * blocked and taken seats cannot be chosen (seatProblem). The total of the paid seats is stated before paying.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Radio, Select, Skeleton, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AFTERSALE_API, chooseSeat, seatProblem, type AfterSaleHub, type BuySeatRequest, type SeatCell, type SeatMap } from '../../../contract/aftersale';
import { formatVnd, isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { SeatLegend, SeatMapView } from '../components/SeatMapView';
import { usePaidEdit } from '../components/use-paid-edit';
import '../booking-edit.css';

interface Pick {
  paxId: number;
  segId: number;
  seat: string;
  price: number;
}

export default function BuySeatPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
  const hubQuery = useCustom<AfterSaleHub>({ url: afterSaleUrl.hub(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false }).query;
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

  const notFound = !valid || (isApiError(hubQuery.error) && hubQuery.error.status === 404);
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  return (
    <PageFrame title={`${t('aftersale.seat.title')}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="buy-seat-page">
        {notFound && <Empty description={t('aftersale.notFound')} />}
        {!notFound && hubQuery.isError && <LoadError onRetry={() => void hubQuery.refetch()} />}
        {!hub && hubQuery.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {hub && hub.pnrs.length === 0 && <Alert type="info" showIcon message={t('aftersale.hub.noIssued')} />}
        {paid.outcome && (
          <Alert
            type={paid.outcome.type}
            showIcon
            data-testid="paid-outcome"
            data-type={paid.outcome.type}
            message={paid.outcome.text}
            description={paid.outcome.emds?.length ? `${t('aftersale.pnr.emds')}: ${paid.outcome.emds.join(', ')}` : undefined}
          />
        )}
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
          <Card size="small" className="bke-total">
            <span>
              {t('aftersale.total')}: <strong data-testid="seat-total" data-amount={total}>{formatVnd(total)}</strong>
            </span>
            <Button type="primary" disabled={picks.length === 0} loading={paid.running} onClick={submit} data-testid="seat-buy">
              {t('aftersale.seat.buy')}
            </Button>
          </Card>
        )}
      </div>
    </PageFrame>
  );
}
