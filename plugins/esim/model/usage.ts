/** How an eSIM's usage and data read (pure). */
import type { EsimStatus, EsimUsage } from '../../../contract/esim';

/** Share of the data used, 0..100; null for unlimited. */
export function usedPercent(u: Pick<EsimUsage, 'usedMb' | 'totalMb'>): number | null {
  if (u.totalMb === null || u.totalMb <= 0) return null;
  return Math.min(100, Math.round((u.usedMb / u.totalMb) * 100));
}

/** "5 GB", "512 MB", "1.5 GB"; null → null (unlimited: the caller words it). */
export function formatMb(mb: number | null): string | null {
  if (mb === null) return null;
  if (mb < 1024) return `${mb} MB`;
  const gb = mb / 1024;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

export const STATUS_COLORS: Record<EsimStatus, string> = {
  NOT_ACTIVATED: 'blue',
  ACTIVE: 'green',
  DEPLETED: 'orange',
  EXPIRED: 'default',
  REFUNDED: 'purple',
};
