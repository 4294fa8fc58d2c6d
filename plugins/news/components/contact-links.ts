/** Links of a support contact: click-to-call and Zalo. Pure functions. */
import { isValidPhone } from '../../../contract/validators';

/** A `tel:` link for a phone number (spaces, dots and dashes dropped); null when there is no number. */
export function telHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[\s.\-()]/g, '');
  return digits ? `tel:${digits}` : null;
}

/** The Zalo link of a contact: a phone number (spec validator) or a Zalo id / an https link as given. */
export function zaloHref(zalo: string | null | undefined): string | null {
  const value = (zalo ?? '').trim();
  if (!value) return null;
  if (/^https:\/\//i.test(value)) return value;
  const digits = value.replace(/[\s.\-()]/g, '');
  if (isValidPhone(digits)) return `https://zalo.me/${digits}`;
  return /^[\w.-]+$/.test(value) ? `https://zalo.me/${value}` : null;
}
