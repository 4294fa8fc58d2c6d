/** The words of a refused shop call: the gateway's reason when the screen knows it, else its message. */
import type { TFunction } from 'i18next';
import { SHOP_REASONS } from '../../../contract/shop';

export function shopError(t: TFunction, e: unknown): string {
  const err = e as { data?: { reason?: unknown; remaining?: unknown }; message?: unknown } | null;
  const reason = err?.data?.reason;
  if (typeof reason === 'string' && (SHOP_REASONS as readonly string[]).includes(reason)) return t(`shop.errors.${reason}`, { remaining: err?.data?.remaining ?? 0 });
  return t('shop.errors.failed', { message: typeof err?.message === 'string' ? err.message : String(e) });
}
