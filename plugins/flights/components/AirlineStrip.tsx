/** The airline list: each airline with its lowest price; choosing one filters the results to it. */
import type { AirlineListEntry } from '../../../contract/flights';
import { formatVnd } from '../../../src/sdk';
import { CarrierBadge } from './OfferCard';

export interface AirlineStripProps {
  airlines: readonly AirlineListEntry[];
  active: readonly string[];
  onToggle: (code: string) => void;
  label: string;
}

export function AirlineStrip({ airlines, active, onToggle, label }: AirlineStripProps) {
  if (!airlines.length) return null;
  return (
    <div className="fl-airlines" role="group" aria-label={label} data-testid="airline-list">
      {airlines.map((a) => (
        <button
          key={a.airlineCode}
          type="button"
          className={`fl-airline${active.includes(a.airlineCode) ? ' is-active' : ''}`}
          aria-pressed={active.includes(a.airlineCode)}
          onClick={() => onToggle(a.airlineCode)}
        >
          <CarrierBadge code={a.airlineCode} />
          <span className="fl-airline-text">
            <span className="fl-airline-name">{a.airlineName}</span>
            <strong className="fl-airline-price">{formatVnd(a.lowestPrice)}</strong>
          </span>
        </button>
      ))}
    </div>
  );
}
