/**
 * A home panel's room while its code loads: the shape of the search panel the home shows first (a card with its
 * title, the journey switch and search type, the places, date and passenger fields, the promotion line and the
 * search button), at the panel's own sizes on every width, so that nothing moves when the panel replaces it.
 * Part of the page's content: what waits for the content waits for it (`useHoldAfterContent`).
 */
import { Card, Skeleton } from 'antd';
import { useHoldAfterContent } from '../../../src/sdk';
import './panel-skeleton.css';

export function PanelSkeleton() {
  useHoldAfterContent();
  return (
    <Card
      className="home-card home-panel-skeleton"
      title={<Skeleton.Input active size="small" className="hps-title" />}
      aria-busy="true"
      data-testid="home-panel-skeleton"
    >
      <div className="hps-body">
        <div className="hps-top">
          <Skeleton.Button active className="hps-journeys" />
          <Skeleton.Button active className="hps-type" />
        </div>
        <div className="hps-grid">
          <div className="hps-places">
            <Skeleton.Button active block className="hps-field" />
            <Skeleton.Avatar active className="hps-swap" />
            <Skeleton.Button active block className="hps-field" />
          </div>
          <Skeleton.Button active block className="hps-field hps-field-short" />
          <Skeleton.Button active block className="hps-field hps-field-short" />
        </div>
        <div className="hps-promo">
          <Skeleton.Input active size="small" className="hps-promo-line" />
        </div>
        <div className="hps-actions">
          <Skeleton.Button active size="large" className="hps-submit" />
        </div>
      </div>
    </Card>
  );
}
