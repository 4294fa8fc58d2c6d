/**
 * The active banners of the home page (GET /api/home/banners: active, in schedule, the user's agency's and
 * its ancestors', in order) as a carousel. Nothing shows while loading, on failure or when there are none. The
 * first banner shows at once as a plain image; the carousel's code (react-slick) loads once the page's content
 * is shown, and only when there is more than one banner, then takes the first banner's place at the same size:
 * no empty box, no jump. Should its code fail to load, the first banner stays.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { Banner } from '../../../contract/content';
import { useAfterContent } from '../../../src/sdk';
import { BannerSlide } from './BannerSlide';
import './banner-carousel.css';

type Slides = ComponentType<{ items: Banner[] }>;

export function BannerCarousel() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Banner[]; total: number }>({ url: ADMIN_API.activeBanners, method: 'get', meta: { resource: 'banners' }, errorNotification: false });
  const contentShown = useAfterContent();
  const items = result.data?.data ?? [];
  const several = items.length > 1;
  const [Slides, setSlides] = useState<Slides | null>(null);
  useEffect(() => {
    if (!contentShown || !several || Slides) return undefined;
    let live = true;
    import('./BannerSlides').then(
      (m) => live && setSlides(() => m.default),
      () => undefined, // the first banner stays
    );
    return () => {
      live = false;
    };
  }, [contentShown, several, Slides]);

  if (items.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('banner.carousel.label')}>
      {several && Slides ? <Slides items={items} /> : <BannerSlide banner={items[0]} />}
    </section>
  );
}
