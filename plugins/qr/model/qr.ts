/** Pure rules of the QR screens. */
import { QR_MAX_VND, QR_MIN_VND, type MatchOutcome } from '../../../contract/qr';

/** Why an amount cannot be topped up by QR, or null when it can. */
export function qrAmountError(amount: number | null | undefined): 'required' | 'min' | 'max' | 'integer' | null {
  if (amount === null || amount === undefined) return 'required';
  if (!Number.isInteger(amount)) return 'integer';
  if (amount < QR_MIN_VND) return 'min';
  if (amount > QR_MAX_VND) return 'max';
  return null;
}

/** Tag colour of a statement line's outcome. */
export function outcomeColour(outcome: MatchOutcome): string {
  switch (outcome) {
    case 'match':
      return 'blue';
    case 'matched':
      return 'green';
    case 'amountMismatch':
    case 'duplicate':
    case 'rejected':
      return 'red';
    case 'alreadyCredited':
      return 'purple';
    default:
      return 'default';
  }
}

/** Reads a picked file as text, refusing what the upload rules refuse (5 MB; a .csv export). */
export function statementFileError(file: { name: string; size: number }): 'badExtension' | 'tooLarge' | null {
  if (!/\.csv$/i.test(file.name)) return 'badExtension';
  if (file.size > 5 * 1024 * 1024) return 'tooLarge';
  return null;
}
