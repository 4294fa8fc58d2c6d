/**
 * Home at `/`: the new home when the named action home.newHome is allowed (welcome header + dashboard),
 * otherwise the booking-search home (page heading + dashboard). Both show the panels plugins offer to home
 * (home slot: the flight search) above the dashboard; the anniversary banner when home.anniversary is allowed.
 */
import { Suspense, useState } from 'react';
import { Col, Row, Typography } from 'antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useAccount, usePermissionList } from '../../../src/sdk';
import { formatLongDate, serverNow } from '../../../src/sdk';
import { Placeholder, useHoldAfterContent, usePortal } from '../../../src/sdk';
import { AgencyCard } from '../components/AgencyCard';
import { AnniversaryBanner } from '../components/AnniversaryBanner';
import { BannerCarousel } from '../components/BannerCarousel';
import { NewHomeHeader } from '../components/NewHomeHeader';
import { PermissionsCard } from '../components/PermissionsCard';
import { QuickLinks } from '../components/QuickLinks';

/** A home panel's room while its code loads: part of the content, so what waits for the content waits for it. */
function PanelPlaceholder() {
  useHoldAfterContent();
  return <div className="home-search-placeholder" aria-busy="true" />;
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
          <Typography.Title level={1} className="page-title">
            {t('home.page.title')}
          </Typography.Title>
          <span className="page-heading-date">{formatLongDate(today)}</span>
        </div>
      )}
      {homePanels.map((Panel, index) => (
        <div className="home-search" data-testid="home-search" key={index}>
          <Suspense fallback={<PanelPlaceholder />}>
            <Panel />
          </Suspense>
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
