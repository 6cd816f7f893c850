import { Swiper } from 'antd-mobile';
import type { ReactElement } from 'react';

/** The class-state banner's swiper: one slide per class going on, turning by itself when there are several. */
export function BannerSwiper({ items, autoplay, interval }: { items: ReactElement[]; autoplay: boolean; interval: number }) {
  return (
    <Swiper autoplay={autoplay} autoplayInterval={interval} loop={autoplay} indicator={() => null}>
      {items.map((item) => (
        <Swiper.Item key={item.key}>{item}</Swiper.Item>
      ))}
    </Swiper>
  );
}
