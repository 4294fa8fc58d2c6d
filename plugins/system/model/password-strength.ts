/** A strength hint for a new password (the rule itself is contract/validators isValidPassword). */
import { isValidPassword } from '../../../contract/validators';

export type Strength = 'none' | 'weak' | 'fair' | 'strong';

/** none: empty; weak: breaks the rule; fair: meets it; strong: meets it with 12+ characters and lower case. */
export function passwordStrength(value: string): Strength {
  if (!value) return 'none';
  if (!isValidPassword(value)) return 'weak';
  if (value.length >= 12 && /[a-z]/.test(value)) return 'strong';
  return 'fair';
}

export const STRENGTH_PERCENT: Record<Strength, number> = { none: 0, weak: 25, fair: 65, strong: 100 };
