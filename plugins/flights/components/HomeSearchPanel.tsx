/** The flight search panel of the booking-search home: a search opens its results page. */
import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resultsPath } from '../search-params';
import { SearchPanel } from './SearchPanel';
import '../flights.css';

export default function HomeSearchPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card title={t('flights.search.title')} className="home-card fl-home-card">
      <SearchPanel onSearch={(request) => navigate(resultsPath(request))} />
    </Card>
  );
}
