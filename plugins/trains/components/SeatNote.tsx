/** The seat note (spec point 6): what each colour of the seat map means. */
import { useTranslation } from 'react-i18next';

const STATES = ['free', 'selected', 'held', 'sold'] as const;

export function SeatNote() {
  const { t } = useTranslation();
  return (
    <ul className="train-seat-note" aria-label={t('trains.seatNote.title')} data-testid="seat-note">
      {STATES.map((s) => (
        <li key={s}>
          <span className={`train-seat train-seat-${s} train-seat-swatch`} aria-hidden />
          <span>{t(`trains.seatNote.${s}`)}</span>
        </li>
      ))}
    </ul>
  );
}
