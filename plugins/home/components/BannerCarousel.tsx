/**
 * The active banners of the home page (GET /api/home/banners: active, in schedule, the user's agency's and
 * its ancestors', in order) as a carousel. Nothing shows while loading, on failure or when there are none; the
 * carousel's code loads only when there are banners.
 */
import { lazy, Suspense } from 'react';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { Banner } from '../../../contract/content';
import './banner-carousel.css';

const BannerSlides = lazy(() => import('./BannerSlides'));

export function BannerCarousel() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Banner[]; total: number }>({ url: ADMIN_API.activeBanners, method: 'get', meta: { resource: 'banners' }, errorNotification: false });
  const items = result.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('banner.carousel.label')}>
      {/* the banner's room (the image's aspect ratio) is kept while the carousel loads: no jump below */}
      <Suspense fallback={<div className="home-banner-image" aria-hidden="true" />}>
        <BannerSlides items={items} />
      </Suspense>
    </section>
  );
}
