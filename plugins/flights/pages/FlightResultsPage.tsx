/**
 * booking/flights: the results of a one-way or round-trip search. The search lives in the URL, so reload
 * and back repeat it; without one the page shows the search panel.
 */
import { useState } from 'react';
import { Button, Card, Modal, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlightSearchRequest } from '../../../contract/flights';
import type { BookingDraft } from '../../../contract/booking-draft';
import { saveBookingDraft } from '../booking-draft';
import { businessToday, linkTo, PAGES, useHasPage } from '../../../src/sdk';
import { passengerSummary } from '../components/PassengerPicker';
import { ResultsBoard } from '../components/ResultsBoard';
import { SearchPanel } from '../components/SearchPanel';
import { useFlightSearch } from '../hooks/use-flight-search';
import { useOpenResults } from '../hooks/search-prefetch';
import { type Direction } from '../model';
import { resultsPath, searchKey } from '../search-params';
import { paramsToSearch } from '../search-params-parse';
import '../flights.css';

/** The request with one direction's date changed; the other date follows so the return is never earlier. */
export function withDate(request: FlightSearchRequest, direction: Direction, date: string): FlightSearchRequest {
  const dep = request.legs[0].departDate;
  if (direction === 'depart') {
    const ret = request.returnDate && request.returnDate < date ? date : request.returnDate;
    return { ...request, legs: [{ ...request.legs[0], departDate: date }], ...(request.journeyType === 'RT' ? { returnDate: ret } : {}) };
  }
  return { ...request, returnDate: date, legs: [{ ...request.legs[0], departDate: date < dep ? date : dep }] };
}

export function SearchSummary({ request, onEdit }: { request: FlightSearchRequest; onEdit: () => void }) {
  const { t } = useTranslation();
  const parts = request.journeyType === 'MC'
    ? request.legs.map((l) => `${l.from} → ${l.to} ${dayjs(l.departDate).format('DD/MM')}`).join(' · ')
    : `${request.legs[0].from} ${request.journeyType === 'RT' ? '⇄' : '→'} ${request.legs[0].to} · ${dayjs(request.legs[0].departDate).format('DD/MM/YYYY')}${request.returnDate && request.journeyType === 'RT' ? ` – ${dayjs(request.returnDate).format('DD/MM/YYYY')}` : ''}`;
  return (
    <div className="fl-summary" data-testid="search-summary">
      <div className="fl-summary-text">
        <strong>{parts}</strong>
        <span className="muted">{t(`flights.search.journey.${request.journeyType}`)} · {passengerSummary(request, t)}</span>
      </div>
      <Button icon={<EditOutlined />} onClick={onEdit} data-testid="change-search">{t('flights.results.changeSearch')}</Button>
    </div>
  );
}

export function SearchModal({ open, request, onClose }: { open: boolean; request: FlightSearchRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const openResults = useOpenResults();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('flights.search.title')} width={880} destroyOnHidden>
      <SearchPanel
        initial={request}
        onSearch={(next) => {
          onClose();
          openResults(next);
        }}
      />
    </Modal>
  );
}

export default function FlightResultsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openResults = useOpenResults();
  const [params] = useSearchParams();
  const request = paramsToSearch(params);
  const search = useFlightSearch(request && request.journeyType !== 'MC' ? request : null);
  const [editing, setEditing] = useState(false);
  const [today] = useState(() => businessToday());
  const canContinue = useHasPage(PAGES.bookings.passengerInformation);

  if (request?.journeyType === 'MC') return <Navigate to={resultsPath(request)} replace />;

  return (
    <div className="fl-page" data-testid="flight-results-page">
      <div className="page-heading">
        <Typography.Title level={1} className="page-title">{t('flights.results.title')}</Typography.Title>
      </div>
      {!request ? (
        <Card className="fl-card">
          <SearchPanel onSearch={openResults} />
        </Card>
      ) : (
        <>
          <SearchSummary request={request} onEdit={() => setEditing(true)} />
          <ResultsBoard
            key={searchKey(request)}
            request={request}
            search={search}
            today={today}
            onPickDate={(direction, date) => openResults(withDate(request, direction, date))}
            onContinue={canContinue ? (selection) => {
              const sides = request.journeyType === 'RT' ? (['depart', 'return'] as const) : (['depart'] as const);
              const draft: BookingDraft = {
                sessionId: search.sessionId, isInternational: search.isInternational, requirePassport: search.requirePassport,
                flights: sides.map((s) => ({ direction: s, offer: selection[s].data!, class: selection[s].priceDetail!.class, lines: selection[s].priceDetail!.lines })),
              };
              saveBookingDraft(draft);
              navigate(linkTo(PAGES.bookings.passengerInformation, { id: search.sessionId }), { state: { draft } });
            } : undefined}
          />
          <SearchModal open={editing} request={request} onClose={() => setEditing(false)} />
        </>
      )}
    </div>
  );
}
