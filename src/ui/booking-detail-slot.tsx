/**
 * The booking detail's slot: the tabs other plugins add to it. A module of its own, apart from the shell's
 * slots (slots.tsx, part of the signed-in layout), so that antd's Tabs load with the booking detail page only.
 */
import { Suspense } from 'react';
import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePortal } from './layout/portal-context';

/**
 * The tabs other plugins add to the booking detail (the after-sale history and documents), each loaded on
 * demand; nothing when no plugin offers one. `<BookingDetailSlot bookingId={id} />`.
 */
export function BookingDetailSlot({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const panels = usePortal().bookingDetail ?? [];
  if (panels.length === 0) return null;
  return (
    <Card size="small" className="booking-detail-slot" data-testid="booking-detail-tabs">
      <Tabs
        destroyOnHidden
        items={panels.map(({ key, label, component: Panel }) => ({
          key,
          label: t(label),
          children: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <Panel bookingId={bookingId} />
            </Suspense>
          ),
        }))}
      />
    </Card>
  );
}
