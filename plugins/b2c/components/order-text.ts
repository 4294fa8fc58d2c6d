/** What an order is about, in one line: the tour and its date, the flight or the train route and date. */
import type { TFunction } from 'i18next';
import type { B2cOrder } from '../../../contract/b2c';
import { formatDate } from '../../../src/sdk';

export function orderWhat(o: Pick<B2cOrder, 'kind' | 'tourTitle' | 'departureDate' | 'flight' | 'train'>, t: TFunction): string {
  if (o.kind === 'tour') return `${o.tourTitle ?? '—'}${o.departureDate ? ` · ${formatDate(o.departureDate)}` : ''}`;
  if (o.kind === 'train' && o.train) return `${t('b2c.orders.kind.train')} · ${o.train.fromName} → ${o.train.toName} · ${formatDate(o.train.date)}`;
  if (o.flight) return `✈ ${o.flight.from} → ${o.flight.to} · ${formatDate(o.flight.date)}`;
  return '—';
}
