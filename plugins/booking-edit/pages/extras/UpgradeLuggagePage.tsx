/**
 * /booking/edit/upgrade-luggage/:id: a passenger's checked bag on a journey (bought, or included in the fare)
 * replaced by a bigger one for the difference. The upgrade toggles per passenger and journey, a size choice
 * replaces the earlier one and is kept only above 0 (spec point 4: toggleLuggageUpgrade, selectLuggageEdit); the
 * total is stated before paying from the deposit; each bag gets an EMD.
 */
import { useMemo, useState } from 'react';
import { Card, Empty, Select, Switch, Tag } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { selectLuggageEdit, toggleLuggageUpgrade, type EditBookingLuggage, type UpgradeLuggageRequest, type UpgradeOffer, type UpgradeOfferItem } from '../../../../contract/aftersale-extras';
import { formatVnd } from '../../../../src/sdk';
import { extrasUrl, QUIET } from '../../api';
import { PaidEditFrame, PaidTotal, useBookingId } from '../../components/PaidEditFrame';
import { usePaidEdit } from '../../components/use-paid-edit';

type Choice = EditBookingLuggage & { pnr: string };

const choiceOf = (item: UpgradeOfferItem, code: string): Choice => {
  const o = item.options.find((x) => x.code === code) ?? item.options[0];
  return { pnr: item.pnr, paxName: item.paxName, paxKey: item.paxKey, route: item.route, routeKey: item.routeKey, ssrkey: item.held.code, ancillary: o };
};

export default function UpgradeLuggagePage() {
  const { t } = useTranslation();
  const { bookingId, valid } = useBookingId();
  const { query } = useCustom<UpgradeOffer>({ url: extrasUrl.upgradeOffer(bookingId), method: 'get', meta: QUIET, queryOptions: { enabled: valid }, errorNotification: false });
  const offer = query.data?.data;
  const [choices, setChoices] = useState<Choice[]>([]);
  const paid = usePaidEdit<Omit<UpgradeLuggageRequest, 'idempotencyKey'>>(extrasUrl.upgradeLuggage(bookingId));
  const total = choices.reduce((s, c) => s + c.ancillary.price, 0);
  const journeys = useMemo(() => {
    const out: { routeKey: string; route: string; pnr: string; items: UpgradeOfferItem[] }[] = [];
    for (const item of offer?.items ?? []) {
      const j = out.find((x) => x.routeKey === item.routeKey);
      if (j) j.items.push(item);
      else out.push({ routeKey: item.routeKey, route: item.route, pnr: item.pnr, items: [item] });
    }
    return out;
  }, [offer]);

  const toggle = (item: UpgradeOfferItem) => {
    setChoices((list) => toggleLuggageUpgrade(list, choiceOf(item, item.options[0]?.code ?? '')));
    paid.setOutcome(null);
  };
  const pick = (item: UpgradeOfferItem, code: string) => {
    setChoices((list) => selectLuggageEdit(list, choiceOf(item, code)));
    paid.setOutcome(null);
  };

  const submit = () => {
    const pnrs = [...new Set(choices.map((c) => c.pnr))];
    const bodies = pnrs.map((pnr) => ({
      pnr,
      items: choices.filter((c) => c.pnr === pnr).map((c) => ({ paxId: Number(c.paxKey), routeKey: c.routeKey, ssrkey: c.ssrkey, code: c.ancillary.code })),
    }));
    paid.confirm(
      total,
      <ul className="bke-confirm-list">
        {choices.map((c) => (
          <li key={`${c.routeKey}-${c.paxKey}`}>
            {t('aftersale.extras.upgrade.confirmLine', { name: c.paxName, route: c.route, to: `${c.ancillary.value} ${c.ancillary.unit}` })}: <strong>{formatVnd(c.ancillary.price)}</strong>
          </li>
        ))}
      </ul>,
      bodies,
      () => setChoices([]),
    );
  };

  const heldText = (item: UpgradeOfferItem) =>
    t(item.held.source === 'bought' ? 'aftersale.extras.upgrade.heldBought' : 'aftersale.extras.upgrade.heldIncluded', { value: item.held.value, unit: item.held.unit });

  return (
    <PaidEditFrame titleKey="aftersale.extrasTitle.upgradeLuggage" bookingId={bookingId} valid={valid} read={query} loaded={!!offer} outcome={paid.outcome} testId="upgrade-luggage-page">
      {offer && offer.items.length === 0 && (
        <Card>
          <Empty description={t('aftersale.extras.upgrade.none')} />
        </Card>
      )}
      {journeys.map((j) => (
        <Card key={j.routeKey} size="small" title={`${j.route} · PNR ${j.pnr}`}>
          {j.items.map((item) => {
            const chosen = choices.find((c) => c.routeKey === item.routeKey && c.paxKey === item.paxKey);
            const label = t('aftersale.extras.upgrade.toggle', { name: item.paxName, route: item.route });
            return (
              <div key={item.paxKey} className="bke-row" data-testid={`upgrade-row-${item.route}-${item.paxKey}`}>
                <div>
                  <strong>{item.paxName}</strong>
                  <div className="muted">
                    {heldText(item)} {item.held.source === 'included' && <Tag>{t('aftersale.extras.upgrade.included')}</Tag>}
                  </div>
                </div>
                {item.options.length === 0 ? (
                  <span className="muted">{t('aftersale.extras.upgrade.biggest')}</span>
                ) : (
                  <div className="bke-pax-pick">
                    <Switch checked={!!chosen} onChange={() => toggle(item)} aria-label={label} data-testid={`upgrade-toggle-${item.route}-${item.paxKey}`} />
                    <Select
                      className="bke-select"
                      disabled={!chosen}
                      value={chosen?.ancillary.code}
                      placeholder={t('aftersale.extras.upgrade.pick')}
                      onChange={(code: string) => pick(item, code)}
                      aria-label={t('aftersale.extras.upgrade.size', { name: item.paxName, route: item.route })}
                      data-testid={`upgrade-select-${item.route}-${item.paxKey}`}
                      options={item.options.map((o) => ({ value: o.code, label: t('aftersale.extras.upgrade.option', { value: o.value, unit: o.unit, price: formatVnd(o.price) }) }))}
                    />
                  </div>
                )}
              </div>
            );
          })}
        </Card>
      ))}
      {offer && offer.items.length > 0 && (
        <PaidTotal total={total} totalTestId="upgrade-total" buttonTestId="upgrade-buy" label={t('aftersale.extras.upgrade.buy')} disabled={total === 0} running={paid.running} onPay={submit} />
      )}
    </PaidEditFrame>
  );
}
