/**
 * A banner's thumbnail in the banners list: the picture at once (a plain image of the same width), then antd's Image
 * with its click-to-enlarge preview once its code has come (fetched after the page's own code, so that the list
 * shows without waiting for the preview's).
 */
import { lazy, Suspense } from 'react';

const Image = lazy(() => import('antd/es/image'));

export function BannerThumb({ src, alt }: { src: string; alt: string }) {
  return (
    <Suspense fallback={<img src={src} alt={alt} width={120} className="banner-thumb" />}>
      <Image src={src} alt={alt} width={120} className="banner-thumb" />
    </Suspense>
  );
}
