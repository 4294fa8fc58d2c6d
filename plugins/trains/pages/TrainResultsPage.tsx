/**
 * train/search?from=&to=&departDate=&returnDate=&seatClass=&passengers=: the trains of each direction (a tab
 * each on a round trip) with their free places, times and running time; the four sorts of spec point 4 and the
 * train filter, held per direction; seat selection by carriage under the train opened; the hold's countdown and
 * the seats chosen so far.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Radio, Skeleton, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useCustom, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TRAINS_API, type Train, type TrainSearchResult } from '../../../contract/trains';
import { businessToday, formatLongDate, PageFrame } from '../../../src/sdk';
import { QUIET, useStations } from '../api';
import { HoldBar } from '../components/HoldBar';
import { HoldSummary } from '../components/HoldSummary';
import { TrainCard } from '../components/TrainCard';
import { TrainFilterPanel } from '../components/TrainFilterPanel';
import { TrainSearchPanel } from '../components/TrainSearchPanel';
import { DEFAULT_TRAIN_SORT, filterTrains, initialTrainFilter, sortTrains, TRAIN_SORTS, type Direction, type TrainFilter, type TrainSort } from '../model';
import { parseSearch, searchQuery } from '../search-params';
import '../trains.css';

function DirectionList({ trains, stationName }: { trains: Train[]; stationName: (c: string) => string }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<TrainSort>(DEFAULT_TRAIN_SORT);
  const [filter, setFilter] = useState<TrainFilter>(initialTrainFilter);
  const [open, setOpen] = useState<string | null>(null);
  const shown = useMemo(() => sortTrains(filterTrains(trains, filter), sort), [trains, filter, sort]);
  return (
    <div className="train-direction">
      <div className="train-toolbar">
        <Radio.Group
          className="train-sorts"
          optionType="button"
          buttonStyle="solid"
          value={sort}
          onChange={(e) => setSort(e.target.value as TrainSort)}
          options={TRAIN_SORTS.map((s) => ({ value: s, label: t(`trains.sort.${s}`) }))}
          aria-label={t('trains.sort.label')}
          data-testid="train-sorts"
        />
      </div>
      <TrainFilterPanel value={filter} onChange={setFilter} />
      {trains.length === 0 ? (
        <Empty description={t('trains.results.none')} />
      ) : shown.length === 0 ? (
        <Empty description={t('trains.results.noneFiltered')}>
          <Button onClick={() => setFilter(initialTrainFilter())}>{t('trains.filter.reset')}</Button>
        </Empty>
      ) : (
        <div className="train-list" data-testid="train-list">
          {shown.map((tr) => (
            <TrainCard key={tr.trainId} train={tr} open={open === tr.trainId} onOpen={() => setOpen((o) => (o === tr.trainId ? null : tr.trainId))} stationName={stationName} />
          ))}
        </div>
      )}
    </div>
  );
}

export default function TrainResultsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const today = businessToday();
  const params = parseSearch(location.search, today);
  const [editing, setEditing] = useState(false);
  const { stations } = useStations();
  const stationName = (code: string) => stations.find((s) => s.code === code)?.name ?? code;
  const payload = params ? searchQuery(params) : {};
  const { query } = useCustom<TrainSearchResult, HttpError>({
    url: TRAINS_API.search,
    method: 'post',
    config: { payload },
    meta: QUIET,
    queryOptions: { queryKey: ['trains', 'search', payload], enabled: !!params, staleTime: 30_000, retry: false },
    errorNotification: false,
  });
  const data = query.data?.data;

  const title = params ? `${stationName(params.from)} → ${stationName(params.to)}` : t('trains.results.title');
  const tab = (direction: Direction, list: Train[]) => ({
    key: direction,
    label: `${t(`trains.results.${direction}`)} · ${formatLongDate(direction === 'depart' ? params!.departDate : params!.returnDate)} (${list.length})`,
    children: <DirectionList trains={list} stationName={stationName} />,
  });

  return (
    <PageFrame
      title={title}
      className="train-page"
      extra={
        params && (
          <Button icon={<EditOutlined />} onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            {t('trains.results.changeSearch')}
          </Button>
        )
      }
    >
      <HoldBar />
      {(!params || editing) && <TrainSearchPanel key={location.search} initial={params} compact />}
      {!params ? null : query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('trains.results.failed')}
          description={query.error?.message}
          action={<Button size="small" onClick={() => void query.refetch()}>{t('shell.common.retry')}</Button>}
        />
      ) : !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : params.journeyType === 'RT' ? (
        <Tabs items={[tab('depart', data.depart), tab('return', data.return)]} />
      ) : (
        <>
          <div className="train-direction-title">{`${t('trains.results.depart')} · ${formatLongDate(params.departDate)}`}</div>
          <DirectionList trains={data.depart} stationName={stationName} />
        </>
      )}
      <HoldSummary wanted={params?.passengers} />
    </PageFrame>
  );
}
