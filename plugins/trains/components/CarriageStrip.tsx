/** The strip of a train's carriages: each with its number, class, free places and lowest price; one is chosen. */
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../src/sdk';

export interface CarriageSummary {
  carriageNo: number;
  /** Seat class of spec point 9 (GP, NGC, NGM, NAM, NAC). */
  seatClass: string;
  /** The carriage's type code (A64L, BnLT1M…). */
  type: string;
  free: number;
  /** Lowest price of a free place, integer VND; null when none is free. */
  lowestPrice: number | null;
}

export function CarriageStrip({ carriages, chosen, onChoose }: { carriages: readonly CarriageSummary[]; chosen: number | null; onChoose: (no: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="train-carriages" role="tablist" aria-label={t('trains.carriages.title')} data-testid="carriage-strip">
      {carriages.map((c) => (
        <button
          key={c.carriageNo}
          type="button"
          role="tab"
          aria-selected={chosen === c.carriageNo}
          className={`train-carriage${chosen === c.carriageNo ? ' train-carriage-chosen' : ''}${c.free === 0 ? ' train-carriage-full' : ''}`}
          data-carriage={c.carriageNo}
          onClick={() => onChoose(c.carriageNo)}
        >
          <span className="train-carriage-no">{t('trains.carriages.no', { no: c.carriageNo })}</span>
          <span className="train-carriage-class">{t(`trains.seatClass.${c.seatClass}`, { defaultValue: c.seatClass })}</span>
          <span className="train-carriage-free">{t('trains.carriages.free', { count: c.free })}</span>
          <span className="train-carriage-price">{c.lowestPrice === null ? '—' : t('trains.carriages.from', { price: formatVnd(c.lowestPrice) })}</span>
        </button>
      ))}
    </div>
  );
}
