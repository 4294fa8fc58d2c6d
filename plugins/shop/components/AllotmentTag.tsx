/**
 * The flight results' mark of a flight on which the caller's agency holds an allotment with seats left ("Agency
 * allotment · N left"): choosing it sells from the allotment (a booking issued at once), before live inventory.
 * Offered to the flight results through the offer-tag slot; shown only to users who may sell from allotments.
 * Every offer of one route and day asks the same question, so the results page makes one request.
 */
import { useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useCan, useCustom, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { FlightOfferTagProps } from '../../../contract/slots';
import { allotmentFor, SHOP_API, type ReserveRow } from '../../../contract/shop';
import { formatVnd } from '../../../src/sdk';
import { RESOURCES } from '../api';
import { SellModal } from './SellModal';
import '../shop.css';

export default function AllotmentTag({ airline, flightNo, from, to, departDate }: FlightOfferTagProps) {
  const { t } = useTranslation();
  const [selling, setSelling] = useState<ReserveRow | null>(null);
  const can = useCan({ resource: RESOURCES.reserves, action: 'sell' });
  const allowed = can.data?.can === true;
  const query = { from, to, departDate };
  const onSale = useCustom<ReserveRow[], HttpError>({
    url: SHOP_API.onSale,
    method: 'get',
    config: { query },
    meta: { silent: true },
    queryOptions: { queryKey: ['shop-on-sale', query], enabled: allowed, staleTime: 30_000, retry: false },
    errorNotification: false,
  });
  const rows = allowed && onSale.query.data ? (onSale.result.data as ReserveRow[]) : [];
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
      {selling && <SellModal reserve={selling} onClose={() => setSelling(null)} />}
    </>
  );
}
