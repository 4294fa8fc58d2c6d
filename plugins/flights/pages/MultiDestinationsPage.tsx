/**
 * booking/multi-destinations: a multi-city search. Each leg is searched as its own one-way session (the
 * Multi-flight leg of spec point 3 carries its own sessionID), with its own results, filters and selection.
 */
import { useCallback, useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlightSearchRequest } from '../../../contract/flights';
import { businessToday, formatVnd } from '../../../src/sdk';
import { ResultsBoard } from '../components/ResultsBoard';
import { SearchPanel } from '../components/SearchPanel';
import { useFlightSearch } from '../hooks/use-flight-search';
import { grandTotal, type SelectedFlightSession } from '../model';
import { paramsToSearch, resultsPath, searchKey } from '../search-params';
import { SearchModal, SearchSummary } from './FlightResultsPage';
import '../flights.css';

/** The one-way request of one leg. */
export function legRequest(request: FlightSearchRequest, index: number): FlightSearchRequest {
  return {
    journeyType: 'OW', searchType: request.searchType, legs: [request.legs[index]],
    adt: request.adt, chd: request.chd, inf: request.inf, promotionCodes: request.promotionCodes,
  };
}

function LegBoard({ request, index, today, onSelection }: {
  request: FlightSearchRequest; index: number; today: string; onSelection: (index: number, s: SelectedFlightSession) => void;
}) {
  const navigate = useNavigate();
  const leg = legRequest(request, index);
  const search = useFlightSearch(leg);
  const onSelectionChange = useCallback((s: SelectedFlightSession) => onSelection(index, s), [index, onSelection]);
  return (
    <ResultsBoard
      key={searchKey(leg)}
      request={leg}
      search={search}
      today={today}
      legNumber={index + 1}
      onSelectionChange={onSelectionChange}
      onPickDate={(_d, date) => {
        const legs = request.legs.map((l, i) => (i === index ? { ...l, departDate: date } : l));
        legs.sort((a, b) => (a.departDate < b.departDate ? -1 : a.departDate > b.departDate ? 1 : 0));
        navigate(resultsPath({ ...request, legs }));
      }}
    />
  );
}

export default function MultiDestinationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const parsed = paramsToSearch(params);
  const request = parsed?.journeyType === 'MC' ? parsed : null;
  const [today] = useState(() => businessToday());
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<Record<number, SelectedFlightSession>>({});
  const onSelection = useCallback((index: number, s: SelectedFlightSession) => setChosen((c) => ({ ...c, [index]: s })), []);
  const total = request ? request.legs.reduce((sum, _l, i) => sum + (chosen[i] ? grandTotal(chosen[i]) : 0), 0) : 0;
  const done = request ? request.legs.filter((_l, i) => chosen[i]?.depart.id).length : 0;

  return (
    <div className="fl-page" data-testid="multi-destinations-page">
      <div className="page-heading">
        <Typography.Title level={1} className="page-title">{t('flights.multi.title')}</Typography.Title>
      </div>
      {!request ? (
        <Card className="fl-card">
          <SearchPanel journeyType="MC" onSearch={(next) => navigate(resultsPath(next))} />
        </Card>
      ) : (
        <>
          <SearchSummary request={request} onEdit={() => setEditing(true)} />
          <div className="fl-multi-total" data-testid="multi-total">
            <span>{t('flights.multi.chosen', { done, total: request.legs.length })}</span>
            <strong>{formatVnd(total)}</strong>
          </div>
          <Tabs
            key={searchKey(request)}
            className="fl-tabs"
            items={request.legs.map((l, i) => ({
              key: String(i),
              forceRender: true,
              label: (
                <span data-testid={`leg-tab-${i}`}>
                  {t('flights.multi.leg', { n: i + 1 })} · {l.from} → {l.to} · {dayjs(l.departDate).format('DD/MM')}
                  {chosen[i]?.depart.id ? ' ✓' : ''}
                </span>
              ),
              children: <LegBoard request={request} index={i} today={today} onSelection={onSelection} />,
            }))}
          />
          <SearchModal open={editing} request={request} onClose={() => setEditing(false)} />
        </>
      )}
    </div>
  );
}
