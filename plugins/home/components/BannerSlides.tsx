/**
 * The banners' carousel (antd Carousel, react-slick), its own chunk: loaded by BannerCarousel only when there are
 * banners to show.
 */
import { useState } from 'react';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Banner } from '../../../contract/content';
import { assetUrl } from '../../../src/sdk';

export default function BannerSlides({ items }: { items: Banner[] }) {
  const { t } = useTranslation();
  // only the slide on show can take focus; the fade effect keeps the slider from cloning slides (whose
  // copies would be hidden from screen readers yet still reachable by Tab)
  const [current, setCurrent] = useState(0);
  return (
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
  );
}
