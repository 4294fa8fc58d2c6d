/**
 * The @refinedev/antd views of the booking screens, set to the portal's page look (PageFrame's): its h1 page
 * title, no breadcrumb and no back arrow (the portal has neither), the header's extra on the right, and a body
 * whose blocks stack with the screen's gap (a Show's own card is transparent and unpadded: each block is a card).
 * The bookings screens space their blocks by a gap (manage.css), hence their own header class, not page-frame.
 */
import type { ReactNode } from 'react';
import { List, Show } from '@refinedev/antd';
import { PageTitle } from '../../../../src/sdk';
import { BOOKINGS_RESOURCE } from '../../api';

interface ViewProps {
  title: string;
  /** The header's right side (links, access-aware buttons). */
  extra?: ReactNode;
  className: string;
  children: ReactNode;
}

const header = { className: 'bkm-view-header' };

/** A list of bookings (booking/search, the work lists). */
export function BookingListView({ title, extra, className, children }: ViewProps) {
  return (
    <List
      resource={BOOKINGS_RESOURCE}
      title={<PageTitle>{title}</PageTitle>}
      breadcrumb={false}
      canCreate={false}
      headerButtons={extra ? () => extra : undefined}
      wrapperProps={{ className }}
      headerProps={header}
      contentProps={{ className: 'bkm-view-body' }}
    >
      {children}
    </List>
  );
}

/** One booking (booking-detail). */
export function BookingShowView({ id, title, extra, className, children }: ViewProps & { id?: number }) {
  return (
    <Show
      resource={BOOKINGS_RESOURCE}
      recordItemId={id}
      title={<PageTitle>{title}</PageTitle>}
      breadcrumb={false}
      goBack={false}
      canEdit={false}
      canDelete={false}
      headerButtons={() => extra ?? null}
      wrapperProps={{ className }}
      headerProps={header}
      contentProps={{ className: 'bkm-view-body bkm-view-card', variant: 'borderless' }}
    >
      {children}
    </Show>
  );
}
