/** train: the train search panel, and the open hold's countdown when there is one. */
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../src/sdk';
import { HoldBar } from '../components/HoldBar';
import { TrainSearchPanel } from '../components/TrainSearchPanel';
import '../trains.css';

export default function TrainHomePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('trains.home.title')} className="train-page">
      <HoldBar />
      <TrainSearchPanel />
    </PageFrame>
  );
}
