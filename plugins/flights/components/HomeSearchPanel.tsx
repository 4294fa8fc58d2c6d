/**
 * The flight search panel of the booking-search home: a search starts at once and opens its results page,
 * whose code is fetched while the browser is idle or as soon as the panel is touched (with the multi-city editor's).
 */
import { useEffect } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { preloadResultsPage, useOpenResults, usePreloadResultsPageWhenIdle } from '../hooks/search-prefetch';
import { useAfterContent } from '../../../src/sdk';
import { preloadSearchPanelParts, SearchPanel } from './SearchPanel';
import '../flights.css';

const touched = () => {
  preloadResultsPage();
  preloadSearchPanelParts();
};

export default function HomeSearchPanel() {
  const { t } = useTranslation();
  const openResults = useOpenResults();
  usePreloadResultsPageWhenIdle();
  // the multi-city editor (antd's date picker) once the home is shown, like the results page
  const contentShown = useAfterContent();
  useEffect(() => {
    if (contentShown) preloadSearchPanelParts();
  }, [contentShown]);
  return (
    <Card title={t('flights.search.title')} className="home-card fl-home-card" onPointerDownCapture={touched} onFocusCapture={touched}>
      <SearchPanel onSearch={openResults} />
    </Card>
  );
}
