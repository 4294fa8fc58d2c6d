/**
 * The train search panel (train): from and to stations (diacritics-insensitive search, swap), one way or round
 * trip, the dates with the flight date rules (model/search.ts), the seat class and the number of passengers.
 * Submit opens train/search with the search in the URL.
 */
import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, InputNumber, Radio, Select } from 'antd';
import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRAIN_MAX_SEATS, TRAIN_SEAT_CLASSES } from '../../../contract/trains';
import { businessToday, linkTo, PAGES } from '../../../src/sdk';
import { useStations } from '../api';
import { initialTrainSearch, searchErrors, setDepartDate, setJourneyType, setReturnDate, swapStations, type SearchError } from '../model';
import { searchQuery, type TrainSearchParams } from '../search-params';
import { StationPicker } from './StationPicker';

const D = 'YYYY-MM-DD';

export function TrainSearchPanel({ initial, compact = false }: { initial?: TrainSearchParams | null; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // today in Vietnam on the gateway's clock, whatever the browser's zone
  const today = businessToday();
  const { stations, query } = useStations();
  const [s, setS] = useState<TrainSearchParams>(() => initial ?? { ...initialTrainSearch(today), seatClass: 'ALL', passengers: 1 });
  const [tried, setTried] = useState(false);
  const errors = searchErrors(s, today);
  const has = (e: SearchError) => tried && errors.includes(e);

  const submit = () => {
    setTried(true);
    if (errors.length) return;
    void navigate(linkTo(PAGES.trains.search, {}, searchQuery(s)));
  };
  const disabledBefore = (min: string) => (d: Dayjs) => d.format(D) < min;

  return (
    <Card className={`train-search${compact ? ' train-search-compact' : ''}`} data-testid="train-search-panel">
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item>
          <Radio.Group value={s.journeyType} onChange={(e) => setS((p) => ({ ...p, ...setJourneyType(p, e.target.value) }))} optionType="button">
            <Radio.Button value="OW">{t('trains.search.oneWay')}</Radio.Button>
            <Radio.Button value="RT">{t('trains.search.roundTrip')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <div className="train-search-stations">
          <Form.Item label={t('trains.search.from')} htmlFor="train-from" validateStatus={has('fromRequired') || has('sameStation') ? 'error' : undefined} help={has('fromRequired') ? t('trains.search.errors.fromRequired') : undefined}>
            <StationPicker id="train-from" aria-label={t('trains.search.from')} value={s.from} onChange={(from) => setS((p) => ({ ...p, from }))} stations={stations} loading={query.isLoading} placeholder={t('trains.search.stationPlaceholder')} />
          </Form.Item>
          <Button className="train-swap" icon={<SwapOutlined />} aria-label={t('trains.search.swap')} onClick={() => setS((p) => ({ ...p, ...swapStations(p) }))} />
          <Form.Item
            label={t('trains.search.to')}
            htmlFor="train-to"
            validateStatus={has('toRequired') || has('sameStation') ? 'error' : undefined}
            help={has('toRequired') ? t('trains.search.errors.toRequired') : has('sameStation') ? t('trains.search.errors.sameStation') : undefined}
          >
            <StationPicker id="train-to" aria-label={t('trains.search.to')} value={s.to} onChange={(to) => setS((p) => ({ ...p, to }))} stations={stations} loading={query.isLoading} placeholder={t('trains.search.stationPlaceholder')} />
          </Form.Item>
        </div>
        <div className="train-search-row">
          <Form.Item label={t('trains.search.departDate')} htmlFor="train-depart" validateStatus={has('departPast') ? 'error' : undefined} help={has('departPast') ? t('trains.search.errors.departPast') : undefined}>
            <DatePicker
              id="train-depart"
              format="DD/MM/YYYY"
              allowClear={false}
              value={s.departDate ? dayjs(s.departDate) : null}
              disabledDate={disabledBefore(today)}
              onChange={(d) => d && setS((p) => ({ ...p, ...setDepartDate(p, d.format(D), today) }))}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label={t('trains.search.returnDate')}
            htmlFor="train-return"
            validateStatus={has('returnRequired') || has('returnBeforeDepart') ? 'error' : undefined}
            help={has('returnRequired') ? t('trains.search.errors.returnRequired') : has('returnBeforeDepart') ? t('trains.search.errors.returnBeforeDepart') : undefined}
          >
            <DatePicker
              id="train-return"
              format="DD/MM/YYYY"
              placeholder={t('trains.search.noReturn')}
              value={s.returnDate ? dayjs(s.returnDate) : null}
              disabledDate={disabledBefore(today)}
              onChange={(d) => setS((p) => ({ ...p, ...setReturnDate(p, d ? d.format(D) : '', today) }))}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label={t('trains.search.seatClass')} htmlFor="train-class">
            <Select
              id="train-class"
              value={s.seatClass}
              onChange={(seatClass) => setS((p) => ({ ...p, seatClass }))}
              options={TRAIN_SEAT_CLASSES.map((c) => ({ value: c, label: t(`trains.seatClass.${c}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('trains.search.passengers')} htmlFor="train-pax">
            <InputNumber id="train-pax" min={1} max={TRAIN_MAX_SEATS} value={s.passengers} onChange={(v) => setS((p) => ({ ...p, passengers: Math.max(1, Number(v) || 1) }))} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        {query.isError && <Alert type="error" showIcon message={t('trains.search.stationsFailed')} action={<Button size="small" onClick={() => void query.refetch()}>{t('shell.common.retry')}</Button>} className="train-gap" />}
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} size="large" data-testid="train-search-submit">
          {t('trains.search.submit')}
        </Button>
      </Form>
    </Card>
  );
}
