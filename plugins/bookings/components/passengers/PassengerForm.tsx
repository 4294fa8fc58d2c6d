/**
 * The passenger form of a booking, for one-way and round trips (booking/passenger-information/:id) and for
 * multi-city journeys (booking/multi-destinations-passengers, every leg at once): one card per passenger of the
 * selection (type, title of the type's set, last and first name, birthday checked against the age of the type at
 * the travel date, infants attached to an adult, the passport block on journeys that require it, loyalty numbers,
 * luggage per flight, "empty this passenger"), the contact block (the first adult fills the contact name until it
 * is edited), live totals (fare + fees + luggage), "reset all", and the hold, confirmed first with the total, then
 * booking/completed/:id. No <form>: Enter never sends half a form; only the hold button does.
 *
 * The hold is the bookings resource's create (useCreate; its pending state is the button's). The fields are not
 * a Refine/antd form: spec point 4's rules are transitions of one reducer over every passenger and the contact
 * (model/passengers.ts: IDs updated or added, the first adult filling the contact name, emptying, infants tied to
 * adults, checks against the travel date), which a per-field form store would duplicate.
 */
import { useMemo, useReducer, useState } from 'react';
import { Alert, App, Button, Card, Empty, Typography } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useCreate, type HttpError } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AIRLINES_DOMESTIC } from '../../../../contract/flights-rules';
import { isApiError, messageOf } from '../../../../src/sdk';
import { formatDate, formatTime, formatVnd, linkTo, PAGES } from '../../../../src/sdk';
import type { CreateBookingRequest } from '../../../../contract/bookings';
import { BOOKINGS_META, BOOKINGS_RESOURCE, COMMAND } from '../../api';
import { ContactBlock } from './ContactBlock';
import { PassengerCard } from './PassengerCard';
import { useLuggage } from './use-luggage';
import { countsOf, draftTotals, flightFare, flightKey, flightLabel, lastTravelDateOf, luggageRoutesOf, pendingPnrsOf, travelDateOf, type BookingDraft } from '../../model/draft';
import { luggageRequest, luggageTotal } from '../../model/luggage';
import { contactProblems, hasProblems, initialPassengerInfo, passengerReducer, passengersRequest, problemsOf, type ContactProblem, type Journey } from '../../model/passengers';
import '../../bookings.css';

/** No selection to book (the draft is gone): back to the search it came from. */
export function NoSelection({ title, backTo }: { title: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bk-page" data-testid="passenger-information-page">
      <Typography.Title level={1} className="page-title">{title}</Typography.Title>
      <Card>
        <Empty description={t('bookings.passengers.noSelection')}>
          <Button type="primary" onClick={() => navigate(backTo)}>{t('bookings.passengers.backToSearch')}</Button>
        </Empty>
      </Card>
    </div>
  );
}

export function PassengerForm({ draft, title }: { draft: BookingDraft; title: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const counts = useMemo(() => countsOf(draft), [draft]);
  const routes = useMemo(() => luggageRoutesOf(draft), [draft]);
  const journey: Journey = useMemo(() => ({ travelDate: travelDateOf(draft), lastTravelDate: lastTravelDateOf(draft), requirePassport: draft.requirePassport }), [draft]);
  const airlines = useMemo(() => {
    const own = draft.flights.flatMap((f) => [f.offer.airline, ...f.offer.routeInfo.map((r) => r.carrierCode)]);
    return [...new Set([...own, ...AIRLINES_DOMESTIC])];
  }, [draft]);

  const [state, dispatch] = useReducer(passengerReducer, counts, initialPassengerInfo);
  const [luggage, dispatchLuggage, retryLuggage] = useLuggage(routes);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const { mutateAsync: hold, mutation } = useCreate<{ id: number }, HttpError, CreateBookingRequest>({
    resource: BOOKINGS_RESOURCE,
    meta: { ...BOOKINGS_META, ...COMMAND },
    successNotification: false,
    errorNotification: false,
  });
  const [error, setError] = useState<string | null>(null);

  const pax = state.dataPax;
  const adults = pax.filter((p) => p.type === 'ADT');
  const problems = new Map(pax.map((p) => [p.paxId, problemsOf(p, pax, journey)]));
  const contactBad = contactProblems(state.contact);
  const valid = [...problems.values()].every((p) => !hasProblems(p)) && contactBad.length === 0;
  const picks = luggage.picks.filter((p) => pax.some((x) => x.paxId === p.paxId && x.type !== 'INF'));
  const totals = draftTotals(draft, luggageTotal(picks));

  const touch = (key: string) => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));
  const shown = (key: string) => submitted || touched.has(key);

  const resetAll = () => {
    modal.confirm({
      title: t('bookings.passengers.resetTitle'),
      content: t('bookings.passengers.resetText'),
      okText: t('bookings.passengers.resetOk'),
      cancelText: t('bookings.passengers.confirmCancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        dispatch({ type: 'RESET', counts });
        dispatchLuggage({ type: 'RESET' });
        setTouched(new Set());
        setSubmitted(false);
        setError(null);
      },
    });
  };

  const submit = () => {
    setSubmitted(true);
    setError(null);
    if (!valid) {
      // take the agent to the first field in error
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.bk-page .ant-input-status-error, .bk-page .ant-select-status-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
      return;
    }
    modal.confirm({
      title: t('bookings.passengers.confirmTitle'),
      content: (
        <div data-testid="confirm-total" data-total={totals.total}>
          {t('bookings.passengers.confirmText', { total: formatVnd(totals.total), count: pax.length })}
          {totals.luggage > 0 && <div>{t('bookings.passengers.confirmLuggage', { luggage: formatVnd(totals.luggage) })}</div>}
        </div>
      ),
      okText: t('bookings.passengers.confirmOk'),
      cancelText: t('bookings.passengers.confirmCancel'),
      onOk: async () => {
        try {
          const { data } = await hold({
            values: {
              sessionId: draft.sessionId,
              selected: draft.flights.map((f) => ({ offerId: f.offer.id, class: f.class, ...(f.sessionId ? { sessionId: f.sessionId } : {}) })),
              passengers: passengersRequest(pax, draft.requirePassport),
              contact: { name: state.contact.name.trim(), phone: state.contact.phone.trim(), email: state.contact.email.trim() },
              ...(picks.length ? { luggage: luggageRequest(picks, pax.map((p) => p.paxId)) } : {}),
            },
          });
          navigate(linkTo(PAGES.bookings.completed, { id: data.id }), { state: { pending: pendingPnrsOf(draft) } });
        } catch (e) {
          if (isApiError(e) && e.status === 404) setError(t('bookings.passengers.sessionGone'));
          else setError(messageOf(e, t('bookings.passengers.failed')));
        }
      },
    });
  };

  return (
    <div className="bk-page" data-testid="passenger-information-page">
      <div className="page-heading bk-heading">
        <Typography.Title level={1} className="page-title">{title}</Typography.Title>
        <Button icon={<UndoOutlined />} onClick={resetAll} data-testid="reset-all">{t('bookings.passengers.resetAll')}</Button>
      </div>
      <Card size="small" className="bk-card" title={t('bookings.passengers.flights')}>
        {draft.flights.map((f) => (
          <div key={flightKey(f)} className="bk-flight-line" data-testid={`flight-${flightKey(f)}`}>
            <strong>{flightLabel(t, f)} · {f.offer.airline} {f.offer.routeInfo.map((r) => r.flightNo).join(' · ')}</strong>
            <span>
              {f.offer.from} {formatTime(f.offer.departDateTime)} → {f.offer.to} {formatTime(f.offer.arrivalDateTime)} · {formatDate(f.offer.departDateTime)} · {t('bookings.passengers.class')} {f.class}
            </span>
            <span className="bk-amount" title={t('bookings.passengers.fare')}>{formatVnd(flightFare(f))}</span>
          </div>
        ))}
        {draft.requirePassport && <Alert type="info" showIcon message={t('bookings.passport.required')} className="bk-note" data-testid="passport-required" />}
      </Card>
      <div className="bk-pax-list-cards">
        {pax.map((p, i) => (
          <PassengerCard key={p.paxId} pax={p} index={i} adults={adults} problems={problems.get(p.paxId)!} requirePassport={draft.requirePassport}
            airlines={airlines} routes={routes} luggage={luggage}
            shown={(paxId, field) => shown(`${paxId}:${field}`)} onBlur={(paxId, field) => touch(`${paxId}:${field}`)}
            onUpdate={(patch) => dispatch({ type: 'UPDATE_PAX', pax: patch })}
            onEmpty={(paxId) => dispatch({ type: 'EMPTY_PAX', paxId })}
            onAddLoyalty={(paxId) => dispatch({ type: 'ADD_LOYALTY', paxId, airline: airlines[0] })}
            onRemoveLoyalty={(paxId, index) => dispatch({ type: 'REMOVE_LOYALTY', paxId, index })}
            onLuggage={(r, code) => dispatchLuggage({ type: 'CHOOSE', paxId: p.paxId, paxType: p.type, from: r.from, to: r.to, airline: r.airline, direction: r.type, code })}
            onRetryLuggage={retryLuggage} />
        ))}
      </div>
      <ContactBlock value={state.contact} problems={contactBad} shown={(f: ContactProblem) => shown(`contact:${f}`)}
        onChange={(patch) => dispatch({ type: 'SET_CONTACT', patch })} onBlur={(f) => touch(`contact:${f}`)} />
      {error && <Alert type="error" showIcon message={error} className="bk-card" data-testid="booking-error" />}
      {submitted && !valid && <Alert type="warning" showIcon message={t('bookings.passengers.fixErrors')} className="bk-card" data-testid="fix-errors" />}
      <div className="bk-footer" data-testid="booking-totals">
        <div className="bk-footer-totals">
          <span>{t('bookings.passengers.fare')}: <strong>{formatVnd(totals.fare)}</strong></span>
          <span>{t('bookings.passengers.fees')}: <strong>{formatVnd(totals.fees)}</strong></span>
          <span>{t('bookings.passengers.luggage')}: <strong data-testid="luggage-total">{formatVnd(totals.luggage)}</strong></span>
          <span className="bk-footer-total">{t('bookings.passengers.total')}: <strong data-testid="booking-total">{formatVnd(totals.total)}</strong></span>
        </div>
        <Button type="primary" icon={<CheckOutlined />} loading={mutation.isPending} onClick={submit} data-testid="submit-booking">{t('bookings.passengers.submit')}</Button>
      </div>
    </div>
  );
}
