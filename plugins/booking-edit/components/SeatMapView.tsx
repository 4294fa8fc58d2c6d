/**
 * A segment's seat map: rows with aisles, exit rows marked, free, paid and blocked seats, the seats taken and
 * those of this booking's passengers; a seat is a button (keyboard reachable) named with its number, kind and price.
 * For assistive technology the map is a group of rows, each row a group of its seat buttons named by the row;
 * the column letters and row numbers are visual only (every seat's name carries its number).
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SeatCell, SeatMap } from '../../../contract/aftersale';
import { formatVnd } from '../../../src/sdk';

export interface SeatMapViewProps {
  map: SeatMap;
  /** Seats picked now on this segment: seat → passenger label. */
  picked: Map<string, string>;
  /** Seats this PNR's passengers hold now: seat → passenger label. */
  held: Map<string, string>;
  onPick: (cell: SeatCell) => void;
}

export function SeatMapView({ map, picked, held, onPick }: SeatMapViewProps) {
  const { t } = useTranslation();
  const letters = map.layout.split('');
  return (
    <div className="bke-seatmap-wrap">
      <div className="bke-seatmap" role="group" aria-label={t('aftersale.seat.mapOf', { flight: map.flightNo })} data-testid="seat-map">
        <div className="bke-seat-row bke-seat-head" aria-hidden>
          <span className="bke-row-no" />
          {letters.map((l, i) => (l === '|' ? <span key={i} className="bke-aisle" /> : <span key={i} className="bke-seat-letter">{l}</span>))}
        </div>
        {map.rows.map((r) => (
          <div
            key={r.row}
            className={`bke-seat-row${r.exit ? ' bke-exit-row' : ''}`}
            role="group"
            aria-label={t(r.exit ? 'aftersale.seat.exitRowOf' : 'aftersale.seat.rowOf', { row: r.row })}
            data-exit={String(r.exit)}
          >
            <span className="bke-row-no" aria-hidden>{r.row}</span>
            {r.cells.map((c, i) => {
              if (!c) return <span key={i} className="bke-aisle" />;
              const mine = picked.get(c.seat) ?? held.get(c.seat);
              const state = picked.has(c.seat) ? 'picked' : held.has(c.seat) ? 'held' : c.kind === 'blocked' ? 'blocked' : c.taken ? 'taken' : c.kind;
              const label = `${c.seat} · ${t(`aftersale.seat.kind.${state}`)}${c.price > 0 ? ` · ${formatVnd(c.price)}` : ''}${mine ? ` · ${mine}` : ''}`;
              return (
                <Tooltip key={c.seat} title={label}>
                  <button
                    type="button"
                    className={`bke-seat bke-seat-${state}`}
                    aria-label={label}
                    disabled={state === 'blocked' || state === 'taken'}
                    onClick={() => onPick(c)}
                    data-testid={`seat-${c.seat}`}
                    data-kind={c.kind}
                    data-state={state}
                    data-price={c.price}
                  >
                    {c.seat.replace(/^\d+/, '')}
                  </button>
                </Tooltip>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

export function SeatLegend() {
  const { t } = useTranslation();
  return (
    <div className="bke-legend">
      {(['free', 'paid', 'exit', 'picked', 'held', 'taken', 'blocked'] as const).map((k) => (
        <span key={k} className="bke-legend-item">
          <span className={`bke-seat bke-seat-${k} bke-seat-sample`} aria-hidden /> {t(`aftersale.seat.kind.${k}`)}
        </span>
      ))}
    </div>
  );
}
