/** Status tags of bookings and PNRs (model/status.ts): a hold's status follows its time limit. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '../../../../contract/bookings';
import { bookingStatusDisplay, liveRecordStatus, recordStatusDisplay } from '../../model/status';

export function PnrStatusTag({ status, timeLimit, now }: { status: RecordStatus; timeLimit: string; now: number }) {
  const { t } = useTranslation();
  const live = liveRecordStatus(status, timeLimit, now);
  const { key, color } = recordStatusDisplay(live);
  return (
    <Tag color={color} data-testid="pnr-status" data-status={live}>
      {t(key)}
    </Tag>
  );
}

export function BookingStatusTag({ status }: { status: 'HOLD' | 'EXPORT' | 'CANCEL' }) {
  const { t } = useTranslation();
  const { key, color } = bookingStatusDisplay(status);
  return (
    <Tag color={color} data-testid="booking-status" data-status={status}>
      {t(key)}
    </Tag>
  );
}
