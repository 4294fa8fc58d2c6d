/**
 * /booking/edit/buy-luggage/:id: extra checked luggage per passenger and route of an issued booking. A choice
 * replaces the passenger's earlier one on that route and is kept only if its price is above 0 (spec point 4,
 * selectLuggage); the total is stated before paying from the deposit; each bag gets an EMD.
 */
import { useMemo, useState } from 'react';
import { Card, Empty, Select } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { AFTERSALE_API, selectLuggage, type BuyLuggageRequest, type LuggageEdit, type LuggageOffer } from '../../../contract/aftersale';
import { formatVnd } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { PaidEditFrame, PaidTotal, useBookingId } from '../components/PaidEditFrame';
import { usePaidEdit } from '../components/use-paid-edit';

type Choice = LuggageEdit & { pnr: string; label: string };

export default function BuyLuggagePage() {
  const { t } = useTranslation();
  const { bookingId, valid } = useBookingId();
  const { query } = useCustom<LuggageOffer>({ url: afterSaleUrl.luggage(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const offer = query.data?.data;
  const [choices, setChoices] = useState<Choice[]>([]);
  const paid = usePaidEdit<Omit<BuyLuggageRequest, 'idempotencyKey'>>(AFTERSALE_API.buyLuggage.replace(':id', String(bookingId)));
  const total = choices.reduce((s, c) => s + c.price, 0);
  const seated = useMemo(() => (offer?.passengers ?? []).filter((p) => p.paxType !== 'INF'), [offer]);

  const pick = (pnr: string, route: string, paxId: number, code: string) => {
    const r = offer?.routes.find((x) => x.pnr === pnr && x.route === route);
    const o = r?.options.find((x) => x.code === code);
    setChoices((list) => selectLuggage(list, { pnr, route, paxId, code: o?.code ?? '', price: o?.price ?? 0, label: o ? `${o.value} ${o.unit}` : '' }));
    paid.setOutcome(null);
  };

  const submit = () => {
    const pnrs = [...new Set(choices.map((c) => c.pnr))];
    const bodies = pnrs.map((pnr) => ({ pnr, items: choices.filter((c) => c.pnr === pnr).map(({ paxId, route, code }) => ({ paxId, route, code })) }));
    const nameOf = (paxId: number) => offer?.passengers.find((p) => p.paxId === paxId);
    paid.confirm(
      total,
      <ul className="bke-confirm-list">
        {choices.map((c) => (
          <li key={`${c.pnr}-${c.route}-${c.paxId}`}>
            {nameOf(c.paxId)?.lastName} {nameOf(c.paxId)?.firstName} · {c.route} · {c.label}: <strong>{formatVnd(c.price)}</strong>
          </li>
        ))}
      </ul>,
      bodies,
      () => setChoices([]),
    );
  };

  return (
    <PaidEditFrame titleKey="aftersale.luggage.title" bookingId={bookingId} valid={valid} read={query} loaded={!!offer} outcome={paid.outcome} testId="buy-luggage-page">
        {offer && offer.routes.length === 0 && <Empty description={t('aftersale.luggage.none')} />}
        {offer?.routes.map((r) => (
          <Card key={`${r.pnr}-${r.route}`} size="small" title={`${r.route} · PNR ${r.pnr}`}>
            {r.options.length === 0 && <span className="muted">{t('aftersale.luggage.noOptions')}</span>}
            {r.options.length > 0 &&
              seated.map((p) => {
                const bought = offer.bought.find((b) => b.pnr === r.pnr && b.route === r.route && b.paxId === p.paxId);
                const chosen = choices.find((c) => c.pnr === r.pnr && c.route === r.route && c.paxId === p.paxId);
                return (
                  <div key={p.paxId} className="bke-row" data-testid={`luggage-row-${r.route}-${p.paxId}`}>
                    <div>
                      <strong>
                        {p.lastName} {p.firstName}
                      </strong>
                      <div className="muted">{bought ? t('aftersale.luggage.has', { value: bought.value, unit: bought.unit }) : t('aftersale.luggage.hasNone')}</div>
                    </div>
                    <Select
                      className="bke-select"
                      value={chosen?.code ?? ''}
                      onChange={(code: string) => pick(r.pnr, r.route, p.paxId, code)}
                      aria-label={t('aftersale.luggage.choose', { name: `${p.lastName} ${p.firstName}`, route: r.route })}
                      data-testid={`luggage-select-${r.route}-${p.paxId}`}
                      options={[
                        { value: '', label: t('aftersale.luggage.noExtra') },
                        ...r.options.map((o) => ({ value: o.code, label: `${o.value} ${o.unit} · ${formatVnd(o.price)}` })),
                      ]}
                    />
                  </div>
                );
              })}
          </Card>
        ))}
        {offer && offer.routes.length > 0 && (
          <PaidTotal total={total} totalTestId="luggage-total" buttonTestId="luggage-buy" label={t('aftersale.luggage.buy')} disabled={total === 0} running={paid.running} onPay={submit} />
        )}
    </PaidEditFrame>
  );
}
