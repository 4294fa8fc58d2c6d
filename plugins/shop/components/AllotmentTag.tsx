/**
 * The flight results' mark of a flight on which the caller's agency holds an allotment with seats left ("Agency
 * allotment · N left"): choosing it sells from the allotment (a booking issued at once), before live inventory.
 * Offered to the flight results through the offer-tag slot; shown only to users who may sell from allotments.
 * Every offer of one route and day asks the same question, so the results page makes one request.
 */
import { lazy, Suspense, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useCan, useCustom, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { FlightOfferTagProps } from '../../../contract/slots';
import { allotmentFor, SHOP_API, type ReserveRow } from '../../../contract/shop';
import { formatVnd } from '../../../src/sdk';
import { RESOURCES } from '../api';
import '../shop.css';

// the sale dialog (antd Form, InputNumber, Result) opens on a click: the tag itself is on every result card's
// first render, and its code is fetched with the results page, so it stays small
const SellModal = lazy(() => import('./SellModal').then((m) => ({ default: m.SellModal })));

/** Only a user who may sell from allotments asks for them: the query's hooks are set up per result card. */
export default function AllotmentTag(props: FlightOfferTagProps) {
  const can = useCan({ resource: RESOURCES.reserves, action: 'sell' });
  return can.data?.can === true ? <OnSaleTag {...props} /> : null;
}

function OnSaleTag({ airline, flightNo, from, to, departDate }: FlightOfferTagProps) {
  const { t } = useTranslation();
  const [selling, setSelling] = useState<ReserveRow | null>(null);
  const query = { from, to, departDate };
  const onSale = useCustom<ReserveRow[], HttpError>({
    url: SHOP_API.onSale,
    method: 'get',
    config: { query },
    meta: { silent: true },
    queryOptions: { queryKey: ['shop-on-sale', query], staleTime: 30_000, retry: false },
    errorNotification: false,
  });
  const rows = onSale.query.data ? (onSale.result.data as ReserveRow[]) : [];
  const reserve = allotmentFor(rows.filter((r) => r.airline === airline), { flightNo, departDate });
  if (!reserve) return null;
  const label = t('shop.tag.label', { count: reserve.remaining });
  return (
    <>
      <Tooltip title={t('shop.tag.hint', { price: formatVnd(reserve.sellPrice) })}>
        <Tag.CheckableTag checked className="shop-offer-tag" onChange={() => setSelling(reserve)} data-testid="offer-allotment" data-remaining={reserve.remaining} aria-label={`${label}. ${t('shop.tag.hint', { price: formatVnd(reserve.sellPrice) })}`}>
          <ShopOutlined /> {label}
        </Tag.CheckableTag>
      </Tooltip>
      {selling && (
        <Suspense fallback={null}>
          <SellModal reserve={selling} onClose={() => setSelling(null)} />
        </Suspense>
      )}
    </>
  );
}
