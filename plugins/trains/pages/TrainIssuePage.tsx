/** train/issue: the train bookings waiting for payment (02) or being ticketed (04): each opens its booking to pay. */
import { useTranslation } from 'react-i18next';
import { TRAIN_STATUS } from '../../../contract/trains';
import { TrainBookingList } from '../components/TrainBookingList';
import '../trains.css';

export default function TrainIssuePage() {
  const { t } = useTranslation();
  return <TrainBookingList title={t('trains.issue.title')} statuses={[TRAIN_STATUS.HELD, TRAIN_STATUS.PAYING]} testId="train-issue-list" />;
}
