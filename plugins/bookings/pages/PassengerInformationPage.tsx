/**
 * booking/passenger-information/:id (:id = the search session): the passengers of a one-way or round-trip
 * selection (components/passengers/PassengerForm.tsx, shared with the multi-city page).
 */
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES } from '../../../src/sdk';
import { NoSelection, PassengerForm } from '../components/passengers/PassengerForm';
import { loadDraft } from '../model/draft';

export default function PassengerInformationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { id = '' } = useParams();
  const draft = useMemo(() => loadDraft(id, location.state), [id, location.state]);
  if (!draft) return <NoSelection title={t('bookings.passengers.title')} backTo={PAGES.flights.search} />;
  return <PassengerForm draft={draft} title={t('bookings.passengers.title')} />;
}
