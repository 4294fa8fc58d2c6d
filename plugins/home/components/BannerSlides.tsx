/**
 * The banners' carousel (antd Carousel, react-slick), its own chunk: loaded by BannerCarousel once the page's
 * content is shown, when there is more than one banner.
 */
import { useState } from 'react';
import { Carousel } from 'antd';
import type { Banner } from '../../../contract/content';
import { BannerSlide } from './BannerSlide';

export default function BannerSlides({ items }: { items: Banner[] }) {
  // only the slide on show can take focus; the fade effect keeps the slider from cloning slides (whose
  // copies would be hidden from screen readers yet still reachable by Tab)
  const [current, setCurrent] = useState(0);
  return (
    <Carousel autoplay autoplaySpeed={6000} dots draggable fade beforeChange={(_, next) => setCurrent(next)}>
      {items.map((b, i) => (
        <BannerSlide key={b.id} banner={b} focusable={i === current} />
      ))}
    </Carousel>
  );
}
