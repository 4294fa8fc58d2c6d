/**
 * The active banners of the home page (GET /api/home/banners: active, in schedule, the user's agency's and
 * its ancestors', in order) as a carousel. Nothing shows while loading, on failure or when there are none.
 */
import { useState } from 'react';
import { Carousel } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { Banner } from '../../../contract/content';
import { assetUrl } from '../../../src/sdk';
import './banner-carousel.css';

export function BannerCarousel() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Banner[]; total: number }>({ url: ADMIN_API.activeBanners, method: 'get', meta: { resource: 'banners' }, errorNotification: false });
  const items = result.data?.data ?? [];
  // only the slide on show can take focus; the fade effect keeps the slider from cloning slides (whose
  // copies would be hidden from screen readers yet still reachable by Tab)
  const [current, setCurrent] = useState(0);
  if (items.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('banner.carousel.label')}>
      <Carousel autoplay={items.length > 1} autoplaySpeed={6000} dots={items.length > 1} draggable fade beforeChange={(_, next) => setCurrent(next)}>
        {items.map((b, i) => {
          const image = (
            <>
              <img src={assetUrl(b.imageUrl)} alt="" className="home-banner-image" />
              <span className="home-banner-caption">{b.title}</span>
            </>
          );
          return (
            <div key={b.id} className="home-banner-slide">
              {b.link ? (
                <a
                  href={b.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={i === current ? undefined : -1}
                  aria-label={t('banner.carousel.open', { title: b.title })}
                >
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
