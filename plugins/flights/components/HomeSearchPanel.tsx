/**
 * The flight search panel of the booking-search home: a search starts at once and opens its results page,
 * whose code is fetched while the browser is idle or as soon as the panel is touched.
 */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { preloadResultsPage, useOpenResults, usePreloadResultsPageWhenIdle } from '../hooks/search-prefetch';
import { SearchPanel } from './SearchPanel';
import '../flights.css';

export default function HomeSearchPanel() {
  const { t } = useTranslation();
  const openResults = useOpenResults();
  usePreloadResultsPageWhenIdle();
  return (
    <Card title={t('flights.search.title')} className="home-card fl-home-card" onPointerDownCapture={preloadResultsPage} onFocusCapture={preloadResultsPage}>
      <SearchPanel onSearch={openResults} />
    </Card>
  );
}
