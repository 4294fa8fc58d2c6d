/** A train booking's status (spec point 4: 01 cancelled, 05 completed, and the others of the contract). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { trainStatusName, type TrainStatus } from '../../../contract/trains';

const COLOUR: Record<TrainStatus, string> = { '01': 'red', '02': 'gold', '03': 'default', '04': 'processing', '05': 'green', '06': 'cyan', '07': 'default' };

export function StatusTag({ status }: { status: TrainStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[status]} data-testid="train-status" data-status={status}>
      {status} · {t(`trains.statusName.${trainStatusName(status)}`)}
    </Tag>
  );
}
