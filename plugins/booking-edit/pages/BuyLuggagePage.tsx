/**
 * /booking/edit/buy-luggage/:id: extra checked luggage per passenger and route of an issued booking. A choice
 * replaces the passenger's earlier one on that route and is kept only if its price is above 0 (spec point 4,
 * selectLuggage); the total is stated before paying from the deposit; each bag gets an EMD.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Select, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AFTERSALE_API, selectLuggage, type BuyLuggageRequest, type LuggageEdit, type LuggageOffer } from '../../../contract/aftersale';
import { formatVnd, isApiError, linkTo, LoadError, PageFrame, PAGES } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import { usePaidEdit } from '../components/use-paid-edit';
import '../booking-edit.css';

type Choice = LuggageEdit & { pnr: string; label: string };

export default function BuyLuggagePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bookingId = Number(id);
  const valid = Number.isSafeInteger(bookingId) && bookingId >= 1;
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

  const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
  const refused = isApiError(query.error) && query.error.status === 409 ? query.error.message : null;
  const back = (
    <Link to={linkTo(PAGES.bookingEdit.hub, { id: valid ? bookingId : 0 })} className="bke-back">
      <ArrowLeftOutlined /> {t('aftersale.backToHub')}
    </Link>
  );
  return (
    <PageFrame title={`${t('aftersale.luggage.title')}${valid ? ` #${bookingId}` : ''}`} extra={back} className="bke-page">
      <div data-testid="buy-luggage-page">
        {notFound && <Empty description={t('aftersale.notFound')} />}
        {refused && <Alert type="warning" showIcon message={refused} />}
        {!notFound && !refused && query.isError && <LoadError onRetry={() => void query.refetch()} />}
        {!offer && query.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
        {paid.outcome && (
          <Alert
            type={paid.outcome.type}
            showIcon
            data-testid="paid-outcome"
            data-type={paid.outcome.type}
            message={paid.outcome.text}
            description={paid.outcome.emds?.length ? `${t('aftersale.pnr.emds')}: ${paid.outcome.emds.join(', ')}` : undefined}
          />
        )}
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
          <Card size="small" className="bke-total">
            <span>
              {t('aftersale.total')}: <strong data-testid="luggage-total" data-amount={total}>{formatVnd(total)}</strong>
            </span>
            <Button type="primary" disabled={total === 0} loading={paid.running} onClick={submit} data-testid="luggage-buy">
              {t('aftersale.luggage.buy')}
            </Button>
          </Card>
        )}
      </div>
    </PageFrame>
  );
}
