/**
 * One passenger's card: type, title of the type's set, last and first name, birthday (and the age the type
 * implies at the travel date), the adult an infant travels with, the passport block when the journey needs
 * it, loyalty numbers, the luggage per flight, and "empty this passenger".
 */
import { Button, Card, Input, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { titlesFor } from '../../../../contract/bookings-rules';
import { flightKey, type LuggageRoute } from '../../model/draft';
import { pickOf, type LuggageState } from '../../model/luggage';
import type { PaxForm, PaxProblems } from '../../model/passengers';
import type { LoyaltyForm, PassportForm } from '../../model/passport';
import { luggageKey } from '../../model/luggage';
import { DateInput } from './DateInput';
import { Field } from './Field';
import { LoyaltyList } from './LoyaltyList';
import { LuggageSelect } from './LuggageSelect';
import { PassportBlock } from './PassportBlock';

interface PassengerCardProps {
  pax: PaxForm;
  index: number;
  adults: readonly PaxForm[];
  problems: PaxProblems;
  requirePassport: boolean;
  airlines: readonly string[];
  routes: readonly LuggageRoute[];
  luggage: LuggageState;
  /** Whether a field's problem is shown yet (after a blur or a submit). */
  shown: (paxId: number, field: string) => boolean;
  onBlur: (paxId: number, field: string) => void;
  onUpdate: (patch: Partial<PaxForm> & { paxId: number }) => void;
  onEmpty: (paxId: number) => void;
  onAddLoyalty: (paxId: number) => void;
  onRemoveLoyalty: (paxId: number, index: number) => void;
  onLuggage: (route: LuggageRoute, code: string) => void;
  onRetryLuggage: (route: LuggageRoute) => void;
}

export function PassengerCard(props: PassengerCardProps) {
  const { pax: p, index, adults, problems, requirePassport, airlines, routes, luggage, shown, onBlur, onUpdate } = props;
  const { t } = useTranslation();
  const id = `pax-${p.paxId}`;
  const bad = (k: (typeof problems.pax)[number], field: string) => problems.pax.includes(k) && shown(p.paxId, field);
  const setPassport = (patch: Partial<PassportForm>) => onUpdate({ paxId: p.paxId, passport: { ...p.passport, ...patch } });
  const setLoyalty = (i: number, patch: Partial<LoyaltyForm>) => onUpdate({ paxId: p.paxId, loyalty: p.loyalty.map((l, k) => (k === i ? { ...l, ...patch } : l)) });
  const birthdayError = bad('birthday', 'birthday') ? t('bookings.errors.birthday') : bad('age', 'birthday') ? t(`bookings.errors.age${p.type}`) : null;

  return (
    <Card size="small" className="bk-card bk-pax-card" data-testid={id}
      title={<span className="bk-pax-title">{t('bookings.passengers.passenger', { n: index + 1 })} · {t(`bookings.paxType.${p.type}`)}</span>}
      extra={<Button size="small" type="text" icon={<ClearOutlined />} onClick={() => props.onEmpty(p.paxId)} data-testid={`${id}-empty`}>{t('bookings.passengers.empty')}</Button>}>
      <div className="bk-grid">
        <Field label={t('bookings.passengers.titleField')} error={bad('title', 'title') && t('bookings.errors.title')} testId={`${id}-title`}>
          <Select value={p.title || undefined} placeholder={t('bookings.passengers.chooseTitle')} onChange={(v) => onUpdate({ paxId: p.paxId, title: v })}
            onBlur={() => onBlur(p.paxId, 'title')} data-testid={`${id}-title`} aria-required
            options={titlesFor(p.type).map((x) => ({ value: x, label: t(`bookings.titles.${x}`) }))} status={bad('title', 'title') ? 'error' : undefined} />
        </Field>
        <Field label={t('bookings.passengers.lastName')} error={bad('lastName', 'lastName') && t('bookings.errors.name')} testId={`${id}-last`}>
          <Input value={p.lastName} onChange={(e) => onUpdate({ paxId: p.paxId, lastName: e.target.value })} onBlur={() => onBlur(p.paxId, 'lastName')}
            data-testid={`${id}-last`} status={bad('lastName', 'lastName') ? 'error' : undefined} maxLength={60} autoComplete="off" />
        </Field>
        <Field label={t('bookings.passengers.firstName')} error={bad('firstName', 'firstName') && t('bookings.errors.name')} testId={`${id}-first`}>
          <Input value={p.firstName} onChange={(e) => onUpdate({ paxId: p.paxId, firstName: e.target.value })} onBlur={() => onBlur(p.paxId, 'firstName')}
            data-testid={`${id}-first`} status={bad('firstName', 'firstName') ? 'error' : undefined} maxLength={60} autoComplete="off" />
        </Field>
        <Field label={t('bookings.passengers.birthday')} error={birthdayError} testId={`${id}-birthday`}>
          <DateInput value={p.birthday} onChange={(v) => onUpdate({ paxId: p.paxId, birthday: v })} onBlur={() => onBlur(p.paxId, 'birthday')}
            data-testid={`${id}-birthday`} status={birthdayError ? 'error' : undefined} />
        </Field>
        {p.type === 'INF' && (
          <Field label={t('bookings.passengers.parent')} error={bad('parent', 'parent') && t('bookings.errors.parent')}>
            <Select value={p.parentId} onChange={(v) => onUpdate({ paxId: p.paxId, parentId: v })} status={bad('parent', 'parent') ? 'error' : undefined} data-testid={`${id}-parent`}
              options={adults.map((a, k) => ({ value: a.paxId, label: `${t('bookings.paxType.ADT')} ${k + 1}${a.lastName || a.firstName ? ` · ${a.lastName} ${a.firstName}` : ''}` }))} />
          </Field>
        )}
      </div>
      {requirePassport && (
        <PassportBlock paxId={p.paxId} value={p.passport} problems={problems.passport} shown={(f) => shown(p.paxId, f)} onChange={setPassport} onBlur={(f) => onBlur(p.paxId, f)} />
      )}
      <fieldset className="bk-subblock" data-testid={`${id}-luggage`}>
        <legend>{t('bookings.luggage.title')}</legend>
        <div className="bk-grid">
          {routes.map((r) => {
            const key = luggageKey(r.from, r.to, r.airline);
            return (
              <LuggageSelect key={flightKey({ direction: r.type, leg: r.leg })} paxId={p.paxId} paxType={p.type} route={r} list={luggage.lists[key]} loading={luggage.loading.includes(key)} failed={luggage.failed.includes(key)}
                value={pickOf(luggage, p.paxId, r.from, r.to, r.type)?.code ?? ''} onChange={(code) => props.onLuggage(r, code)} onRetry={() => props.onRetryLuggage(r)} />
            );
          })}
        </div>
      </fieldset>
      <LoyaltyList paxId={p.paxId} value={p.loyalty} airlines={airlines} problems={problems.loyalty} shown={(f) => shown(p.paxId, f)}
        onAdd={() => props.onAddLoyalty(p.paxId)} onRemove={(i) => props.onRemoveLoyalty(p.paxId, i)} onChange={setLoyalty} onBlur={(f) => onBlur(p.paxId, f)} />
    </Card>
  );
}
