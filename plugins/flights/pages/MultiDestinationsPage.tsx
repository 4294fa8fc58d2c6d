/**
 * booking/multi-destinations: a multi-city search. Each leg is searched as its own one-way session (the
 * Multi-flight leg of spec point 3 carries its own sessionID), with its own results, filters and selection.
 * "Tiếp tục" (in the bar above the legs, and in each leg's selected-flight panel) goes to the next leg without a
 * flight, and once every leg has one, hands the selection (model/multi-leg.ts `multiLegDraft`) to the multi-city
 * passenger page of bookings (booking/multi-destinations-passengers), kept under the first leg's search session.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Tabs, Tooltip, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlightSearchRequest } from '../../../contract/flights';
import { businessToday, formatVnd, linkTo, PAGES, useHasPage } from '../../../src/sdk';
import { saveBookingDraft } from '../booking-draft';
import { ResultsBoard } from '../components/ResultsBoard';
import { SearchPanel } from '../components/SearchPanel';
import { useFlightSearch } from '../hooks/use-flight-search';
import { firstOpenLeg, grandTotal, legChosen, multiLegDraft, type ChosenLeg, type SelectedFlightSession } from '../model';
import { resultsPath, searchKey } from '../search-params';
import { paramsToSearch } from '../search-params-parse';
import { SearchModal, SearchSummary } from './FlightResultsPage';
import '../flights.css';

/** The one-way request of one leg. */
export function legRequest(request: FlightSearchRequest, index: number): FlightSearchRequest {
  return {
    journeyType: 'OW', searchType: request.searchType, legs: [request.legs[index]],
    adt: request.adt, chd: request.chd, inf: request.inf, promotionCodes: request.promotionCodes,
  };
}

function LegBoard({ request, index, today, onSelection, onContinue }: {
  request: FlightSearchRequest; index: number; today: string; onSelection: (index: number, leg: ChosenLeg) => void; onContinue?: () => void;
}) {
  const navigate = useNavigate();
  const leg = legRequest(request, index);
  const search = useFlightSearch(leg);
  const [selection, setSelection] = useState<SelectedFlightSession | null>(null);
  const { sessionId, isInternational, requirePassport } = search;
  useEffect(() => {
    if (selection) onSelection(index, { sessionId, isInternational, requirePassport, selection });
  }, [index, onSelection, selection, sessionId, isInternational, requirePassport]);
  return (
    <ResultsBoard
      key={searchKey(leg)}
      request={leg}
      search={search}
      today={today}
      legNumber={index + 1}
      onSelectionChange={setSelection}
      onContinue={onContinue ? () => onContinue() : undefined}
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
  const [chosen, setChosen] = useState<Record<number, ChosenLeg>>({});
  const [tab, setTab] = useState('0');
  const onSelection = useCallback((index: number, leg: ChosenLeg) => setChosen((c) => ({ ...c, [index]: leg })), []);
  const total = request ? request.legs.reduce((sum, _l, i) => sum + (chosen[i] ? grandTotal(chosen[i].selection) : 0), 0) : 0;
  const done = request ? request.legs.filter((_l, i) => legChosen(chosen[i])).length : 0;
  const canBook = useHasPage(PAGES.bookings.multiDestinationsPassengers);
  const count = request?.legs.length ?? 0;
  const draft = multiLegDraft(chosen, count);

  // the next leg without a flight; with every leg chosen, the passengers of the whole journey
  const proceed = () => {
    if (!draft) {
      const open = firstOpenLeg(chosen, count);
      if (open >= 0) setTab(String(open));
      return;
    }
    saveBookingDraft(draft);
    navigate(linkTo(PAGES.bookings.multiDestinationsPassengers, null, { session: draft.sessionId }), { state: { draft } });
  };

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
            {canBook ? (
              <Tooltip title={draft ? undefined : t('flights.multi.chooseAll')}>
                <Button type="primary" icon={<RightOutlined />} onClick={proceed} data-testid="multi-continue">
                  {t(draft ? 'flights.selected.continue' : 'flights.multi.nextLeg')}
                </Button>
              </Tooltip>
            ) : (
              <span className="muted">{t('flights.selected.continueLater')}</span>
            )}
          </div>
          <Tabs
            key={searchKey(request)}
            activeKey={tab}
            onChange={setTab}
            className="fl-tabs"
            items={request.legs.map((l, i) => ({
              key: String(i),
              forceRender: true,
              label: (
                <span data-testid={`leg-tab-${i}`}>
                  {t('flights.multi.leg', { n: i + 1 })} · {l.from} → {l.to} · {dayjs(l.departDate).format('DD/MM')}
                  {legChosen(chosen[i]) ? ' ✓' : ''}
                </span>
              ),
              children: <LegBoard request={request} index={i} today={today} onSelection={onSelection} onContinue={canBook ? proceed : undefined} />,
            }))}
          />
          <SearchModal open={editing} request={request} onClose={() => setEditing(false)} />
        </>
      )}
    </div>
  );
}
