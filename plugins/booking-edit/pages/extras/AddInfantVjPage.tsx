/**
 * /booking/edit/add-infant-vj/:id: an infant added to an adult of a VJ booking (VJ's own flow: the carrier's
 * fixed infant fee per segment). The adult has no infant yet; the name and birth date pass the contract's
 * validators and VJ's age rules at the travel dates (vjInfantProblems); the fee is stated before paying.
 */
import { useState } from 'react';
import { Alert, Card, Form, Input, Select, Skeleton } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { vjInfantProblems, VJ_INFANT_MIN_AGE_DAYS, type AddInfantVjRequest, type VjInfantInput, type VjInfantProblem, type VjInfantQuote } from '../../../../contract/aftersale-extras';
import { formatVnd, isApiError } from '../../../../src/sdk';
import { extrasUrl, QUIET } from '../../api';
import { PaidEditFrame, PaidTotal, useAfterSaleHub, useBookingId } from '../../components/PaidEditFrame';
import { usePaidEdit } from '../../components/use-paid-edit';

const TITLES = ['MSTR', 'MISS'] as const;
const EMPTY: VjInfantInput = { title: 'MSTR', lastName: '', firstName: '', birthday: '' };
/** The problems each field shows. */
const FIELD_OF: Partial<Record<VjInfantProblem, keyof VjInfantInput>> = { title: 'title', firstName: 'firstName', lastName: 'lastName', birthday: 'birthday', age: 'birthday', tooYoung: 'birthday' };

export default function AddInfantVjPage() {
  const { t } = useTranslation();
  const { bookingId, valid } = useBookingId();
  const hub = useAfterSaleHub(bookingId, valid);
  const record = hub.data?.data.pnrs.find((r) => r.airline === 'VJ');
  // why the hub refuses it (not issued, departed, not VJ, the right): said instead of the form
  const state = hub.data?.data.actions.find((a) => a.action === 'add-infant-vj');
  const blocked = state && !state.allowed && state.reason !== 'allHaveInfants' ? state.message : undefined;
  const [parentId, setParentId] = useState<number | null>(null);
  const [infant, setInfant] = useState<VjInfantInput>(EMPTY);
  const [touched, setTouched] = useState(false);
  const { query } = useCustom<VjInfantQuote>({
    url: extrasUrl.vjInfantQuote(bookingId),
    method: 'get',
    config: { query: { pnr: record?.pnr } },
    meta: QUIET,
    errorNotification: false,
    queryOptions: { enabled: !!record },
  });
  const quote = query.data?.data;
  const paid = usePaidEdit<Omit<AddInfantVjRequest, 'idempotencyKey'>>(extrasUrl.addInfantVj(bookingId));
  const problems = record && parentId ? vjInfantProblems(record, parentId, infant) : [];
  const fieldHelp = (field: keyof VjInfantInput) => {
    const mine = touched ? problems.filter((p) => FIELD_OF[p] === field) : [];
    return mine.length ? { validateStatus: 'error' as const, help: mine.map((p) => t(`aftersale.extras.infant.problem.${p}`, { days: VJ_INFANT_MIN_AGE_DAYS })).join(' ') } : {};
  };
  const set = (k: keyof VjInfantInput) => (v: string) => {
    setInfant((x) => ({ ...x, [k]: v }));
    paid.setOutcome(null);
  };

  const submit = () => {
    setTouched(true);
    if (!record || !parentId || !quote || problems.length > 0) return;
    const adult = record.names.find((n) => n.paxId === parentId);
    paid.confirm(
      quote.total,
      <p>{t('aftersale.extras.infant.confirmText', { name: `${infant.lastName.trim()} ${infant.firstName.trim()}`, adult: adult ? `${adult.lastName} ${adult.firstName}` : '' })}</p>,
      [{ pnr: record.pnr, parentId, infant }],
      () => {
        setParentId(null);
        setTouched(false);
        setInfant(EMPTY);
      },
    );
  };

  const loaded = !!hub.data;
  const adults = record?.names.filter((n) => n.paxType === 'ADT') ?? [];
  const free = adults.filter((n) => !record?.names.some((i) => i.paxType === 'INF' && i.parentId === n.paxId));
  return (
    <PaidEditFrame titleKey="aftersale.extrasTitle.addInfantVj" bookingId={bookingId} valid={valid} read={hub} loaded={loaded} outcome={paid.outcome} testId="add-infant-vj-page">
      {loaded && (blocked || !record) && <Alert type="info" showIcon message={blocked ?? t('aftersale.extras.infant.notVj')} data-testid="infant-vj-blocked" />}
      {record && !blocked && (
        <>
          <Card size="small" title={`${t('aftersale.extras.infant.who')} · PNR ${record.pnr}`}>
            {free.length === 0 && <Alert type="info" showIcon message={t('aftersale.extras.infant.allHave')} />}
            <Form layout="vertical" className="bke-element-form" onFinish={submit}>
              <Form.Item label={t('aftersale.extras.infant.adult')} required {...(touched && !parentId ? { validateStatus: 'error' as const, help: t('aftersale.extras.infant.pickAdult') } : {})}>
                <Select
                  value={parentId ?? undefined}
                  placeholder={t('aftersale.extras.infant.pickAdult')}
                  onChange={(v: number) => setParentId(v)}
                  data-testid="infant-vj-parent"
                  options={adults.map((n) => ({ value: n.paxId, label: `${n.lastName} ${n.firstName}${free.includes(n) ? '' : ` · ${t('aftersale.extras.infant.hasOne')}`}`, disabled: !free.includes(n) }))}
                />
              </Form.Item>
              <Form.Item label={t('aftersale.extras.infant.title_')} {...fieldHelp('title')}>
                <Select value={infant.title} onChange={set('title')} data-testid="infant-vj-title" options={TITLES.map((v) => ({ value: v, label: t(`aftersale.segments.infant.titles.${v}`) }))} />
              </Form.Item>
              <Form.Item label={t('aftersale.extras.infant.lastName')} required {...fieldHelp('lastName')}>
                <Input value={infant.lastName} onChange={(e) => set('lastName')(e.target.value)} autoComplete="off" data-testid="infant-vj-last" />
              </Form.Item>
              <Form.Item label={t('aftersale.extras.infant.firstName')} required {...fieldHelp('firstName')}>
                <Input value={infant.firstName} onChange={(e) => set('firstName')(e.target.value)} autoComplete="off" data-testid="infant-vj-first" />
              </Form.Item>
              <Form.Item label={t('aftersale.extras.infant.birthday')} required extra={t('aftersale.extras.infant.birthdayHelp', { days: VJ_INFANT_MIN_AGE_DAYS })} {...fieldHelp('birthday')}>
                <Input value={infant.birthday} placeholder="dd/MM/yyyy" inputMode="numeric" onChange={(e) => set('birthday')(e.target.value)} data-testid="infant-vj-birthday" />
              </Form.Item>
              {touched && problems.some((p) => !FIELD_OF[p]) && (
                <Alert type="error" showIcon message={problems.filter((p) => !FIELD_OF[p]).map((p) => t(`aftersale.extras.infant.problem.${p}`, { days: VJ_INFANT_MIN_AGE_DAYS })).join(' ')} />
              )}
            </Form>
          </Card>
          <Card size="small" title={t('aftersale.extras.infant.fee')}>
            {query.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
            {query.isError && <Alert type="warning" showIcon message={isApiError(query.error) ? query.error.message : t('aftersale.paid.failed')} />}
            {quote?.parts.map((p) => (
              <div key={p.segIds.join()} className="bke-row" data-testid="infant-vj-part">
                <span>
                  {p.route} · {t('aftersale.extras.infant.feeLine', { fare: formatVnd(p.fare), tax: formatVnd(p.tax) })}
                </span>
                <strong>{formatVnd(p.amount)}</strong>
              </div>
            ))}
          </Card>
          <PaidTotal total={quote?.total ?? 0} totalTestId="infant-vj-total" buttonTestId="infant-vj-submit" label={t('aftersale.extras.infant.ok')} disabled={!quote || free.length === 0} running={paid.running} onPay={submit} />
        </>
      )}
    </PaidEditFrame>
  );
}
