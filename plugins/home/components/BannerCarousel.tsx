/**
 * The active banners of the home page (GET /api/home/banners: active, in schedule, the user's agency's and
 * its ancestors', in order) as a carousel. Nothing shows while loading, on failure or when there are none.
 */
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
  if (items.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('banner.carousel.label')}>
      <Carousel autoplay={items.length > 1} autoplaySpeed={6000} dots={items.length > 1} draggable>
        {items.map((b) => {
          const image = (
            <>
              <img src={assetUrl(b.imageUrl)} alt="" className="home-banner-image" />
              <span className="home-banner-caption">{b.title}</span>
            </>
          );
          return (
            <div key={b.id} className="home-banner-slide">
              {b.link ? (
                <a href={b.link} target="_blank" rel="noopener noreferrer" aria-label={t('banner.carousel.open', { title: b.title })}>
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
