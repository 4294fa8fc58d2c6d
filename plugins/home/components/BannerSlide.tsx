/** One banner: its image with the title over it, a link when it has one (a carousel slide, or the first banner alone). */
import { useTranslation } from 'react-i18next';
import type { Banner } from '../../../contract/content';
import { assetUrl } from '../../../src/sdk';

export function BannerSlide({ banner, focusable = true }: { banner: Banner; focusable?: boolean }) {
  const { t } = useTranslation();
  const image = (
    <>
      <img src={assetUrl(banner.imageUrl)} alt="" className="home-banner-image" />
      <span className="home-banner-caption">{banner.title}</span>
    </>
  );
  return (
    <div className="home-banner-slide">
      {banner.link ? (
        <a
          href={banner.link}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={focusable ? undefined : -1}
          aria-label={t('banner.carousel.open', { title: banner.title })}
        >
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
