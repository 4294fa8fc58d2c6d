/**
 * Home at `/`: the new home when the named action home.newHome is allowed (welcome header + dashboard),
 * otherwise the booking-search home (page heading + dashboard). Both show the panels plugins offer to home
 * (home slot: the flight search) above the dashboard; the anniversary banner when home.anniversary is allowed.
 */
import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Col, Row } from 'antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useAccount, usePermissionList } from '../../../src/sdk';
import { formatLongDate, serverNow } from '../../../src/sdk';
import { Placeholder, preloadLazy, usePortal } from '../../../src/sdk';
import { AgencyCard } from '../components/AgencyCard';
import { AnniversaryBanner } from '../components/AnniversaryBanner';
import { BannerCarousel } from '../components/BannerCarousel';
import { NewHomeHeader } from '../components/NewHomeHeader';
import { PanelSkeleton } from '../components/PanelSkeleton';
import { PermissionsCard } from '../components/PermissionsCard';
import { QuickLinks } from '../components/QuickLinks';

/**
 * The home panels' code, fetched as soon as the home renders (while its access checks are pending): true once it is
 * here. The panels are rendered only then, so they never suspend: a lazy component that suspends behind a Suspense
 * fallback is revealed by React up to 300 ms after its code has arrived (it batches the reveals of fallbacks), which
 * left the panel's room empty for 180–470 ms after the network was idle. A failed fetch renders the panels anyway:
 * their lazy component tries again and the route's error boundary shows the failure.
 */
function usePanelsLoaded(panels: LazyExoticComponent<ComponentType>[]): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setLoaded(true);
    };
    Promise.all(panels.map((panel) => preloadLazy(panel))).then(done, done);
    return () => {
      live = false;
    };
  }, [panels]);
  return loaded;
}

export default function HomePage() {
  const { t } = useTranslation();
  const permissions = usePermissionList();
  const account = useAccount();
  const [today] = useState(() => serverNow());
  const newHome = useCan({ resource: 'home', action: 'newHome' });
  const anniversaryBanner = useCan({ resource: 'home', action: 'anniversary' });
  // plugins offer panels to home through the registry; home never imports another plugin
  const { homePanels } = usePortal();
  const panelsLoaded = usePanelsLoaded(homePanels);
  // which home to show is decided first: the empty placeholder meanwhile, never the wrong home for a moment
  if (newHome.isPending || anniversaryBanner.isPending) return <Placeholder />;
  const showNewHome = newHome.data?.can === true;
  const anniversary = anniversaryBanner.data?.can === true;

  return (
    <div className="home" data-home={showNewHome ? 'new' : 'booking-search'}>
      {anniversary && <AnniversaryBanner />}
      {showNewHome ? (
        <NewHomeHeader account={account} today={today} />
      ) : (
        <div className="page-heading">
          {/* a plain h1 with the look of antd's Title (styles.css, .home-title): Typography stays out of the home load */}
          <h1 className="page-title home-title">{t('home.page.title')}</h1>
          <span className="page-heading-date">{formatLongDate(today)}</span>
        </div>
      )}
      {homePanels.map((Panel, index) => (
        <div className="home-search" data-testid="home-search" key={index}>
          {panelsLoaded ? (
            <Suspense fallback={<PanelSkeleton />}>
              <Panel />
            </Suspense>
          ) : (
            <PanelSkeleton />
          )}
        </div>
      ))}
      <BannerCarousel />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <div className="home-column">
            <QuickLinks />
            <PermissionsCard permissions={permissions} />
          </div>
        </Col>
        <Col xs={24} lg={9}>
          <AgencyCard account={account} />
        </Col>
      </Row>
    </div>
  );
}
