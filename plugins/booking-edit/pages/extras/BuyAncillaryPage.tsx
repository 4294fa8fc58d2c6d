/**
 * /booking/edit/buy-ancillary/:id: meals, priority, lounge and insurance per route and passenger, grouped by
 * groupCategory. A new selection replaces the previous one of the route and passenger and only one option per
 * groupCategory is kept, the later winning (spec point 4: selectAncillaryOptions); a kind already bought is shown
 * as held. The total is stated before paying from the deposit; each option gets an EMD.
 */
import { useState } from 'react';
import { Card, Empty, Radio, Tag } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import {
  GROUP_CATEGORIES,
  selectAncillaryOptions,
  selectionTotal,
  type AncillaryOffer,
  type BuyAncillaryRequest,
  type BuyAncillaryState,
  type GroupCategory,
  type RouteAncillaries,
  type SelectedOptions,
} from '../../../../contract/aftersale-extras';
import { formatVnd } from '../../../../src/sdk';
import { extrasUrl, QUIET } from '../../api';
import { PaidEditFrame, PaidTotal, useBookingId } from '../../components/PaidEditFrame';
import { usePaidEdit } from '../../components/use-paid-edit';

type Selection = Pick<BuyAncillaryState, 'selectedAncillary' | 'selectedOptions'>;

export default function BuyAncillaryPage() {
  const { t } = useTranslation();
  const { bookingId, valid } = useBookingId();
  const { query } = useCustom<AncillaryOffer>({ url: extrasUrl.ancillaryOffer(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const offer = query.data?.data;
  const [state, setState] = useState<Selection>({ selectedAncillary: null, selectedOptions: [] });
  const paid = usePaidEdit<Omit<BuyAncillaryRequest, 'idempotencyKey'>>(extrasUrl.buyAncillary(bookingId));
  const total = selectionTotal(state.selectedOptions);
  const anyOptions = !!offer?.routeAncillaries.some((r) => r.options.length > 0);

  const choose = (r: RouteAncillaries, pax: { paxId: number; paxName: string }, group: GroupCategory, code: string) => {
    setState((s) => {
      const current = s.selectedOptions.find((x) => x.routeId === r.routeId && x.paxId === pax.paxId)?.options ?? [];
      const option = r.options.find((o) => o.value.code === code);
      // a new selection of the route and passenger: the earlier options plus this one (its group's earlier one drops out), or without the group
      const next: SelectedOptions = { routeId: r.routeId, route: r.route, paxId: pax.paxId, paxName: pax.paxName, options: option ? [...current, option] : current.filter((o) => o.value.groupCategory !== group) };
      return { selectedAncillary: { routeId: r.routeId, paxId: pax.paxId }, selectedOptions: selectAncillaryOptions(s.selectedOptions, next) };
    });
    paid.setOutcome(null);
  };

  const submit = () => {
    const pnrOf = (routeId: string) => offer?.routeAncillaries.find((r) => r.routeId === routeId)?.pnr ?? '';
    const pnrs = [...new Set(state.selectedOptions.map((s) => pnrOf(s.routeId)))];
    const bodies = pnrs.map((pnr) => ({
      pnr,
      items: state.selectedOptions.filter((s) => pnrOf(s.routeId) === pnr).map((s) => ({ paxId: s.paxId, routeId: s.routeId, codes: s.options.map((o) => o.value.code) })),
    }));
    paid.confirm(
      total,
      <ul className="bke-confirm-list">
        {state.selectedOptions.flatMap((s) =>
          s.options.map((o) => (
            <li key={`${s.routeId}-${s.paxId}-${o.key}`}>
              {s.paxName} · {s.route} · {o.value.name}: <strong>{formatVnd(o.value.price)}</strong>
            </li>
          )),
        )}
      </ul>,
      bodies,
      () => setState({ selectedAncillary: null, selectedOptions: [] }),
    );
  };

  return (
    <PaidEditFrame titleKey="aftersale.extrasTitle.buyAncillary" bookingId={bookingId} valid={valid} read={query} loaded={!!offer} outcome={paid.outcome} testId="buy-ancillary-page">
      {offer && !anyOptions && (
        <Card>
          <Empty description={t('aftersale.extras.ancillary.none')} />
        </Card>
      )}
      {anyOptions &&
        offer?.routeAncillaries.map((r) => (
          <Card key={r.routeId} size="small" title={`${r.route} · PNR ${r.pnr}`}>
            {r.options.length === 0 && <span className="muted">{t('aftersale.extras.ancillary.noneOnRoute')}</span>}
            {r.options.length > 0 &&
              offer.passengers.map((p) => {
                const chosen = state.selectedOptions.find((s) => s.routeId === r.routeId && s.paxId === p.paxId)?.options ?? [];
                const held = offer.held.filter((h) => h.routeId === r.routeId && h.paxId === p.paxId);
                return (
                  <div key={p.paxId} className="bke-anc-pax" data-testid={`anc-pax-${r.route}-${p.paxId}`}>
                    <strong>{p.paxName}</strong>
                    {GROUP_CATEGORIES.map((group) => {
                      const options = r.options.filter((o) => o.value.groupCategory === group);
                      if (options.length === 0) return null;
                      const bought = held.find((h) => h.groupCategory === group);
                      const label = t(`aftersale.extras.ancillary.group.${group}`);
                      return (
                        <div key={group} className="bke-anc-group">
                          <span className="bke-anc-label" id={`anc-${r.routeId}-${p.paxId}-${group}`}>
                            {label}
                          </span>
                          {bought ? (
                            <Tag color="green" data-testid={`anc-held-${r.route}-${p.paxId}-${group}`}>
                              {t('aftersale.extras.ancillary.held', { name: bought.name })}
                            </Tag>
                          ) : (
                            <Radio.Group
                              optionType="button"
                              size="small"
                              className="bke-anc-options"
                              aria-labelledby={`anc-${r.routeId}-${p.paxId}-${group}`}
                              value={chosen.find((o) => o.value.groupCategory === group)?.value.code ?? ''}
                              onChange={(e) => choose(r, p, group, e.target.value as string)}
                              data-testid={`anc-${r.route}-${p.paxId}-${group}`}
                              options={[
                                { value: '', label: t('aftersale.extras.ancillary.noneOption') },
                                ...options.map((o) => ({ value: o.value.code, label: `${o.value.name} · ${formatVnd(o.value.price)}` })),
                              ]}
                            />
                          )}
                        </div>
                      );
                    })}
                  </div>
                );
              })}
          </Card>
        ))}
      {anyOptions && (
        <PaidTotal total={total} totalTestId="anc-total" buttonTestId="anc-buy" label={t('aftersale.extras.ancillary.buy')} disabled={total === 0} running={paid.running} onPay={submit} />
      )}
    </PaidEditFrame>
  );
}
