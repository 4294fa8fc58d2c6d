/**
 * Seat selection by carriage (spec point 6) for one train: the strip of its carriages, and under it the chosen
 * carriage's seat map with the seat note. Choosing a seat toggles it in the server's hold (the first one starts
 * the hold); the map and the hold are read again after each change.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Skeleton } from 'antd';
import { useCustom, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { TRAINS_API, type SeatsByCarriage, type Train } from '../../../contract/trains';
import { QUIET, useHold, useHoldChange } from '../api';
import { layoutOf, seatChange } from '../model';
import { CarriageStrip } from './CarriageStrip';
import { SeatMap, type MapSeat } from './SeatMap';
import { SeatNote } from './SeatNote';

export function SeatSelection({ train }: { train: Train }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const firstFree = train.carriages.find((c) => c.free > 0) ?? train.carriages[0];
  const [chosen, setChosen] = useState<number | null>(firstFree?.carriageNo ?? null);
  const { hold, query: holdQuery } = useHold();
  const { change, pending } = useHoldChange();
  const seats = useCustom<SeatsByCarriage, HttpError>({
    url: TRAINS_API.seats,
    method: 'get',
    config: { query: { trainId: train.trainId, carriageNo: chosen ?? 0 } },
    meta: QUIET,
    queryOptions: { queryKey: ['trains', 'seats', train.trainId, chosen], enabled: chosen !== null, staleTime: 0 },
    errorNotification: false,
  });
  const data = seats.query.data?.data;
  const selectedIds = useMemo(() => (hold?.seats ?? []).map((s) => s.ticketId), [hold]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const layout = useMemo(() => layoutOf(data?.layout ?? 'seat64'), [data?.layout]);

  const toggle = async (seat: MapSeat) => {
    const diff = seatChange(selectedIds, seat.ticketId, seat.state);
    if (!diff) {
      message.warning(t('trains.seatMap.taken'));
      return;
    }
    try {
      await change(diff);
    } catch (e) {
      message.error((e as HttpError).message || t('trains.seatMap.changeFailed'));
    } finally {
      await Promise.all([holdQuery.refetch(), seats.query.refetch()]);
    }
  };

  return (
    <div className="train-seat-selection" data-testid={`seat-selection-${train.trainNo}`}>
      <CarriageStrip carriages={train.carriages.map((c) => ({ ...c, lowestPrice: c.free > 0 ? c.lowestPrice : null }))} chosen={chosen} onChoose={setChosen} />
      <SeatNote />
      {seats.query.isError ? (
        <Alert type="error" showIcon message={t('trains.seatMap.loadFailed')} action={<Button size="small" onClick={() => void seats.query.refetch()}>{t('shell.common.retry')}</Button>} />
      ) : !data || data.carriageNo !== chosen ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <SeatMap carriageNo={data.carriageNo} layout={layout} seats={data.data} selected={selected} onToggle={(s) => void toggle(s)} disabled={pending} />
      )}
    </div>
  );
}
