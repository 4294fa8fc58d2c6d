/**
 * booking/passenger-information/:id (:id = the search session): one card per passenger of the selection
 * (type, title of the type's set, first and last name, birthday dd/MM/yyyy checked against the age of the
 * type at the travel date, infants attached to an adult), the contact block (the first adult fills the
 * contact name), the totals of the selection and the hold, confirmed first, then booking/completed/:id.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Input, Select, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { titlesFor } from '../../../contract/bookings';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { isApiError } from '../../../src/api/errors';
import { formatVnd } from '../../../src/i18n/format';
import { grandTotal, sideTotal } from '../../flights/model';
import { ddmmyyyy, hhmm } from '../../flights/components/format';
import { createBooking } from '../api';
import { loadDraft } from '../model/draft';
import { countsOf, initialPassengers, problemsOf, travelDateOf, type PaxForm } from '../model/passengers';
import '../bookings.css';

/** Digits typed into dd/MM/yyyy: the slashes come by themselves. */
export function maskBirthday(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

interface Contact {
  name: string;
  phone: string;
  email: string;
}

export default function PassengerInformationPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '' } = useParams();
  const draft = useMemo(() => loadDraft(id, location.state), [id, location.state]);
  const [pax, setPax] = useState<PaxForm[]>(() => (draft ? initialPassengers(countsOf(draft.selection, draft.sides)) : []));
  const [contact, setContact] = useState<Contact>({ name: '', phone: '', email: '' });
  const [nameEdited, setNameEdited] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!draft) {
    return (
      <div className="bk-page" data-testid="passenger-information-page">
        <Typography.Title level={1} className="page-title">{t('bookings.passengers.title')}</Typography.Title>
        <Card>
          <Empty description={t('bookings.passengers.noSelection')}>
            <Button type="primary" onClick={() => navigate('/booking/flights')}>{t('bookings.passengers.backToSearch')}</Button>
          </Empty>
        </Card>
      </div>
    );
  }

  const { selection, sides } = draft;
  const travelDate = travelDateOf(selection, sides);
  const adults = pax.filter((p) => p.type === 'ADT');
  const contactName = nameEdited ? contact.name : adults[0] ? `${adults[0].lastName} ${adults[0].firstName}`.trim() : contact.name;
  const paxProblems = new Map(pax.map((p) => [p.paxId, problemsOf(p, pax, travelDate)]));
  const contactProblems = {
    name: !isValidName(contactName),
    phone: !isValidPhone(contact.phone.trim()),
    email: !isValidEmail(contact.email.trim()),
  };
  const valid = [...paxProblems.values()].every((p) => p.length === 0) && !Object.values(contactProblems).some(Boolean);

  const update = (paxId: number, patch: Partial<PaxForm>) => setPax((list) => list.map((p) => (p.paxId === paxId ? { ...p, ...patch } : p)));
  const show = (problem: boolean) => submitted && problem;

  const submit = () => {
    setSubmitted(true);
    setError(null);
    if (!valid) return;
    modal.confirm({
      title: t('bookings.passengers.confirmTitle'),
      content: t('bookings.passengers.confirmText', { total: formatVnd(grandTotal(selection)), count: pax.length }),
      okText: t('bookings.passengers.confirmOk'),
      cancelText: t('bookings.passengers.confirmCancel'),
      onOk: async () => {
        setSaving(true);
        try {
          const bookingId = await createBooking({
            sessionId: draft.sessionId,
            selected: sides.map((s) => ({ offerId: selection[s].id, class: selection[s].priceDetail!.class })),
            passengers: pax.map((p) => ({ ...p, firstName: p.firstName.trim(), lastName: p.lastName.trim() })),
            contact: { name: contactName.trim(), phone: contact.phone.trim(), email: contact.email.trim() },
          });
          navigate(`/booking/completed/${bookingId}`);
        } catch (e) {
          const data = isApiError(e) ? e.data : undefined;
          const msg = typeof data?.message === 'string' ? data.message : null;
          if (isApiError(e) && e.status === 404) setError(t('bookings.passengers.sessionGone'));
          else setError(msg ?? (isApiError(e) && e.message ? e.message : t('bookings.passengers.failed')));
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <div className="bk-page" data-testid="passenger-information-page">
      <div className="page-heading">
        <Typography.Title level={1} className="page-title">{t('bookings.passengers.title')}</Typography.Title>
      </div>
      <Card size="small" className="bk-card" title={t('bookings.passengers.flights')}>
        {sides.map((s) => {
          const o = selection[s].data!;
          return (
            <div key={s} className="bk-flight-line">
              <strong>{o.airline} {o.routeInfo.map((r) => r.flightNo).join(' · ')}</strong>
              <span>{o.from} {hhmm(o.departDateTime)} → {o.to} {hhmm(o.arrivalDateTime)} · {ddmmyyyy(o.departDateTime)} · {t('bookings.passengers.class')} {selection[s].priceDetail?.class}</span>
              <span className="bk-amount">{formatVnd(sideTotal(selection[s]))}</span>
            </div>
          );
        })}
      </Card>
      {pax.map((p, i) => {
        const problems = paxProblems.get(p.paxId) ?? [];
        const has = (k: string) => show(problems.includes(k as never));
        return (
          <Card key={p.paxId} size="small" className="bk-card" data-testid={`pax-${p.paxId}`}
            title={`${t('bookings.passengers.passenger', { n: i + 1 })} · ${t(`bookings.paxType.${p.type}`)}`}>
            <div className="bk-grid">
              <label className="bk-field">
                <span>{t('bookings.passengers.titleField')}</span>
                <Select value={p.title} onChange={(v) => update(p.paxId, { title: v })} data-testid={`pax-${p.paxId}-title`}
                  options={titlesFor(p.type).map((x) => ({ value: x, label: t(`bookings.titles.${x}`) }))} status={has('title') ? 'error' : undefined} />
              </label>
              <label className="bk-field">
                <span>{t('bookings.passengers.lastName')}</span>
                <Input value={p.lastName} onChange={(e) => update(p.paxId, { lastName: e.target.value })} data-testid={`pax-${p.paxId}-last`} status={has('lastName') ? 'error' : undefined} maxLength={60} />
                {has('lastName') && <small className="bk-error">{t('bookings.errors.name')}</small>}
              </label>
              <label className="bk-field">
                <span>{t('bookings.passengers.firstName')}</span>
                <Input value={p.firstName} onChange={(e) => update(p.paxId, { firstName: e.target.value })} data-testid={`pax-${p.paxId}-first`} status={has('firstName') ? 'error' : undefined} maxLength={60} />
                {has('firstName') && <small className="bk-error">{t('bookings.errors.name')}</small>}
              </label>
              <label className="bk-field">
                <span>{t('bookings.passengers.birthday')}</span>
                <Input value={p.birthday} placeholder="dd/mm/yyyy" inputMode="numeric" onChange={(e) => update(p.paxId, { birthday: maskBirthday(e.target.value) })}
                  data-testid={`pax-${p.paxId}-birthday`} status={has('birthday') || has('age') ? 'error' : undefined} />
                {has('birthday') && <small className="bk-error">{t('bookings.errors.birthday')}</small>}
                {has('age') && <small className="bk-error">{t(`bookings.errors.age${p.type}`)}</small>}
              </label>
              {p.type === 'INF' && (
                <label className="bk-field">
                  <span>{t('bookings.passengers.parent')}</span>
                  <Select value={p.parentId} onChange={(v) => update(p.paxId, { parentId: v })} status={has('parent') ? 'error' : undefined}
                    options={adults.map((a, k) => ({ value: a.paxId, label: `${t('bookings.paxType.ADT')} ${k + 1}${a.lastName || a.firstName ? ` · ${a.lastName} ${a.firstName}` : ''}` }))} />
                  {has('parent') && <small className="bk-error">{t('bookings.errors.parent')}</small>}
                </label>
              )}
            </div>
          </Card>
        );
      })}
      <Card size="small" className="bk-card" title={t('bookings.contact.title')}>
        <div className="bk-grid">
          <label className="bk-field">
            <span>{t('bookings.contact.name')}</span>
            <Input value={contactName} onChange={(e) => { setNameEdited(true); setContact({ ...contact, name: e.target.value }); }} data-testid="contact-name" status={show(contactProblems.name) ? 'error' : undefined} />
            {show(contactProblems.name) && <small className="bk-error">{t('bookings.errors.name')}</small>}
          </label>
          <label className="bk-field">
            <span>{t('bookings.contact.phone')}</span>
            <Input value={contact.phone} inputMode="tel" onChange={(e) => setContact({ ...contact, phone: e.target.value })} data-testid="contact-phone" status={show(contactProblems.phone) ? 'error' : undefined} />
            {show(contactProblems.phone) && <small className="bk-error">{t('bookings.errors.phone')}</small>}
          </label>
          <label className="bk-field">
            <span>{t('bookings.contact.email')}</span>
            <Input value={contact.email} inputMode="email" onChange={(e) => setContact({ ...contact, email: e.target.value })} data-testid="contact-email" status={show(contactProblems.email) ? 'error' : undefined} />
            {show(contactProblems.email) && <small className="bk-error">{t('bookings.errors.email')}</small>}
          </label>
        </div>
      </Card>
      {error && <Alert type="error" showIcon message={error} className="bk-card" data-testid="booking-error" />}
      {submitted && !valid && <Alert type="warning" showIcon message={t('bookings.passengers.fixErrors')} className="bk-card" />}
      <div className="bk-footer">
        <span>{t('bookings.passengers.total')}: <strong data-testid="booking-total">{formatVnd(grandTotal(selection))}</strong></span>
        <Button type="primary" icon={<CheckOutlined />} loading={saving} onClick={submit} data-testid="submit-booking">{t('bookings.passengers.submit')}</Button>
      </div>
    </div>
  );
}
