/** The words of a refused desk call: the gateway's reason when the screen knows it, else its message. */
import type { TFunction } from 'i18next';

const KNOWN = ['booking', 'attachment', 'supportClosed'];

export function deskError(t: TFunction, e: unknown): string {
  const err = e as { data?: { reason?: unknown }; message?: unknown } | null;
  const reason = err?.data?.reason;
  if (typeof reason === 'string' && KNOWN.includes(reason)) return t(`desk.support.errors.${reason}`);
  return t('desk.support.errors.failed', { message: typeof err?.message === 'string' ? err.message : String(e) });
}
