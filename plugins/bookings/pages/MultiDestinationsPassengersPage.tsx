/**
 * booking/multi-destinations-passengers?session=<first leg's search session>: the passengers of a multi-city
 * selection, for every leg at once (the same form as one-way and round trips, components/passengers/PassengerForm.tsx).
 * The hold names each leg's own search session; the gateway makes one PNR per airline/source across the legs.
 */
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES } from '../../../src/sdk';
import { NoSelection, PassengerForm } from '../components/passengers/PassengerForm';
import { loadDraft } from '../model/draft';

export default function MultiDestinationsPassengersPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const draft = useMemo(() => loadDraft(session, location.state), [session, location.state]);
  if (!draft || !draft.flights.every((f) => f.leg !== undefined)) return <NoSelection title={t('bookings.passengers.multiTitle')} backTo={PAGES.flights.multiDestinations} />;
  return <PassengerForm draft={draft} title={t('bookings.passengers.multiTitle')} />;
}
