/** /train/status: every train booking of the caller's scope with its status (01 cancelled, 05 completed, and the rest). */
import { useTranslation } from 'react-i18next';
import { TrainBookingList } from '../components/TrainBookingList';
import '../trains.css';

export default function TrainStatusPage() {
  const { t } = useTranslation();
  return <TrainBookingList title={t('trains.status.title')} testId="train-status-list" />;
}
