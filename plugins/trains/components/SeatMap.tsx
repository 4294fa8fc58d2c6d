/**
 * The chosen carriage's seat map, drawn as the real layout (model/layout.ts): seats in rows around the aisle, or
 * berths in compartments by level (upper, middle, lower; one level for the 2-berth VIP). Each place is a
 * button coloured by its state (free, held by others, sold, selected), with its price on hover (title), focus
 * or tap (the line under the map). Choosing a free or selected place toggles it; held and sold places are
 * disabled. Keyboard: Tab moves between places, Enter/Space toggles.
 */
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../src/sdk';
import type { TrainSeat } from '../../../contract/trains';
import { berthLevel, drawCarriage, seatState, type CarriageLayout, type Level, type SeatState } from '../model';

export type MapSeat = Pick<TrainSeat, 'ticketId' | 'seatNo' | 'state' | 'price' | 'row' | 'column' | 'compartment' | 'level' | 'side'>;

interface SeatMapProps {
  carriageNo: number;
  layout: CarriageLayout;
  seats: readonly MapSeat[];
  selected: ReadonlySet<string>;
  onToggle: (seat: MapSeat) => void;
  /** No choice possible (hold expired, command running). */
  disabled?: boolean;
}

interface PlaceProps {
  seat: MapSeat;
  state: SeatState;
  label: string;
  onToggle: (seat: MapSeat) => void;
  onShow: (seat: MapSeat) => void;
  disabled: boolean;
}

const Place = memo(function Place({ seat, state, label, onToggle, onShow, disabled }: PlaceProps) {
  const blocked = state === 'held' || state === 'sold';
  return (
    <button
      type="button"
      className={`train-seat train-seat-${state}`}
      data-seat={seat.seatNo}
      data-state={state}
      aria-pressed={state === 'selected'}
      aria-label={label}
      title={label}
      disabled={blocked || disabled}
      onMouseEnter={() => onShow(seat)}
      onFocus={() => onShow(seat)}
      onClick={() => {
        onShow(seat);
        onToggle(seat);
      }}
    >
      {seat.seatNo}
    </button>
  );
});

function SeatMapImpl({ carriageNo, layout, seats, selected, onToggle, disabled = false }: SeatMapProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<MapSeat | null>(null);
  const drawn = useMemo(() => drawCarriage(layout, seats), [layout, seats]);
  const levelText = (level: Level) => t(`trains.seatMap.level.${level}`);

  const stateOf = (s: MapSeat): SeatState => seatState(s.state, s.ticketId, selected);
  const labelOf = (s: MapSeat) => {
    const where =
      layout.kind === 'berths' ? `${t('trains.seatMap.berth', { no: s.seatNo })}, ${levelText(s.level ?? berthLevel(s.seatNo, layout.levels))}` : t('trains.seatMap.seat', { no: s.seatNo });
    return `${where} · ${formatVnd(s.price)} · ${t(`trains.seatNote.${stateOf(s)}`)}`;
  };
  const place = (s: MapSeat | null, key: string) =>
    s ? (
      <Place key={key} seat={s} state={stateOf(s)} label={labelOf(s)} onToggle={onToggle} onShow={setShown} disabled={disabled} />
    ) : (
      <span key={key} className="train-seat-gap" aria-hidden />
    );

  return (
    <div className="train-seat-map" role="group" aria-label={t('trains.seatMap.title', { no: carriageNo })} data-testid="seat-map" data-carriage={carriageNo}>
      {drawn.kind === 'seats' ? (
        <div className="train-seat-rows">
          {drawn.extra.length > 0 && (
            <div className="train-seat-row train-seat-extra">
              <span className="train-level-name">{t('trains.seatMap.extra')}</span>
              {drawn.extra.map((s) => place(s, `x-${s.seatNo}`))}
            </div>
          )}
          {drawn.rows.map((row, r) => (
            <div className="train-seat-row" key={r}>
              {row.map((s, i) => place(s, `${r}-${i}`))}
            </div>
          ))}
        </div>
      ) : (
        <div className="train-compartments">
          {drawn.compartments.map((c) => (
            <div className="train-compartment" key={c.no} data-compartment={c.no}>
              <div className="train-compartment-title">{t('trains.seatMap.compartment', { no: c.no })}</div>
              {c.levels.map((l) => (
                <div className="train-level" key={l.level} data-level={l.level}>
                  <span className="train-level-name">{levelText(l.level)}</span>
                  {l.berths.map((s, i) => place(s, `${c.no}-${l.level}-${i}`))}
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
      <div className="train-seat-info" aria-live="polite" data-testid="seat-info">
        {shown ? labelOf(shown) : t('trains.seatMap.hint')}
      </div>
    </div>
  );
}

export const SeatMap = memo(SeatMapImpl);
