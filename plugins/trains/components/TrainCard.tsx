/** One train of the results: number, times, running time, free places and lowest price; opens its seat selection. */
import { Button, Card, Tag } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Train } from '../../../contract/trains';
import { formatVnd } from '../../../src/sdk';
import { durationParts } from '../model';
import { SeatSelection } from './SeatSelection';

const hm = (dt: string) => dt.slice(11, 16);
const dm = (dt: string) => `${dt.slice(8, 10)}/${dt.slice(5, 7)}`;

export function TrainCard({ train, open, onOpen, stationName }: { train: Train; open: boolean; onOpen: () => void; stationName: (code: string) => string }) {
  const { t } = useTranslation();
  const d = durationParts(train.timeRun);
  return (
    <Card className={`train-card${open ? ' train-card-open' : ''}`} data-testid={`train-${train.trainNo}`} size="small">
      <div className="train-card-head">
        <div className="train-card-no">
          <Tag color="blue" className="train-no">{train.trainNo}</Tag>
        </div>
        <div className="train-card-times">
          <div>
            <strong className="train-time">{hm(train.departDateTime)}</strong>
            <span className="muted"> {dm(train.departDateTime)}</span>
            <div className="muted">{stationName(train.from)}</div>
          </div>
          <div className="train-card-run">
            <span>{t('trains.results.duration', { hours: d.hours, minutes: String(d.minutes).padStart(2, '0') })}</span>
            <span className="train-card-line" aria-hidden />
          </div>
          <div>
            <strong className="train-time">{hm(train.arrivalDateTime)}</strong>
            <span className="muted"> {dm(train.arrivalDateTime)}</span>
            <div className="muted">{stationName(train.to)}</div>
          </div>
        </div>
        <div className="train-card-side">
          <span className={train.seatAvailable > 0 ? 'train-free' : 'train-full'} data-testid="seat-available">
            {t('trains.results.seatAvailable', { count: train.seatAvailable })}
          </span>
          <span className="train-card-price">{t('trains.carriages.from', { price: formatVnd(train.lowestPrice) })}</span>
          <Button type={open ? 'default' : 'primary'} onClick={onOpen} icon={open ? <UpOutlined /> : <DownOutlined />} disabled={train.seatAvailable === 0 && !open} aria-expanded={open}>
            {open ? t('trains.results.close') : t('trains.results.chooseSeats')}
          </Button>
        </div>
      </div>
      {open && <SeatSelection train={train} />}
    </Card>
  );
}
