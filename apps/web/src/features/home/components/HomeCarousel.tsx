import { HOME_CAROUSEL_MS } from '@paiclass/shared';
import { Swiper } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** The first picture's drawing: a board with a rising chart over an open book. */
function ClassroomArt() {
  return (
    <svg className="home-slide-art" viewBox="0 0 300 240" aria-hidden="true">
      <defs>
        <linearGradient id="home-art-board" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.38" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.08" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="10" r="110" fill="#ffffff" opacity="0.08" />
      <g transform="translate(70 34)">
        <rect width="190" height="128" rx="14" fill="url(#home-art-board)" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="3" />
        <polyline
          points="22,102 64,74 102,86 142,44 170,28"
          fill="none"
          stroke="#ffd166"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="170" cy="28" r="9" fill="#ffd166" />
        <rect x="22" y="18" width="56" height="8" rx="4" fill="#ffffff" opacity="0.7" />
      </g>
      <g transform="translate(40 150)">
        <path d="M0 18 Q38 0 76 18 L76 72 Q38 54 0 72 Z" fill="#ffffff" opacity="0.92" />
        <path d="M76 18 Q114 0 152 18 L152 72 Q114 54 76 72 Z" fill="#ffffff" opacity="0.7" />
        <path
          d="M16 30 Q38 20 62 30 M16 44 Q38 34 62 44 M90 30 Q114 20 138 30"
          stroke="#6a5cff"
          strokeOpacity="0.35"
          strokeWidth="3"
          fill="none"
        />
      </g>
    </svg>
  );
}

/** The second picture's drawing: a phone with the six code boxes, and people joining. */
function JoinArt() {
  return (
    <svg className="home-slide-art" viewBox="0 0 300 240" aria-hidden="true">
      <circle cx="270" cy="210" r="110" fill="#ffffff" opacity="0.08" />
      <g fill="#ffffff" opacity="0.85">
        <circle cx="62" cy="150" r="18" />
        <path d="M32 220 Q62 168 92 220 Z" />
        <circle cx="26" cy="172" r="12" opacity="0.7" />
        <path d="M6 222 Q26 190 46 222 Z" opacity="0.7" />
      </g>
      <g transform="translate(118 20)">
        <rect width="132" height="206" rx="20" fill="#ffffff" opacity="0.96" />
        <rect x="12" y="24" width="108" height="160" rx="10" fill="#e3f9ef" />
        <rect x="48" y="10" width="36" height="6" rx="3" fill="#bfe8d6" />
        {[0, 1, 2].map((i) => (
          <rect
            key={`a${i}`}
            x={22 + i * 32}
            y="56"
            width="26"
            height="34"
            rx="6"
            fill="#ffffff"
            stroke="#00a870"
            strokeWidth="2"
          />
        ))}
        {[0, 1, 2].map((i) => (
          <rect
            key={`b${i}`}
            x={22 + i * 32}
            y="98"
            width="26"
            height="34"
            rx="6"
            fill="#ffffff"
            stroke="#00a870"
            strokeWidth="2"
          />
        ))}
        <rect x="28" y="148" width="76" height="22" rx="11" fill="#00a870" />
      </g>
    </svg>
  );
}

/** The home page's two pictures, turning by themselves every 5 s, round and round (spec 1 §2, §9). */
export function HomeCarousel() {
  const { t } = useTranslation();
  const slides = [
    {
      key: 'classroom',
      tone: 'is-classroom',
      title: t('home.carousel.classroomTitle'),
      text: t('home.carousel.classroomText'),
      art: <ClassroomArt />,
    },
    { key: 'join', tone: 'is-join', title: t('home.carousel.joinTitle'), text: t('home.carousel.joinText'), art: <JoinArt /> },
  ];
  return (
    <section className="home-carousel" data-testid="home-carousel" data-interval={HOME_CAROUSEL_MS}>
      <Swiper autoplay autoplayInterval={HOME_CAROUSEL_MS} loop indicatorProps={{ color: 'white' }}>
        {slides.map((slide, i) => (
          <Swiper.Item key={slide.key}>
            <div
              className={`home-slide ${slide.tone}`}
              data-testid="home-slide"
              data-index={i}
              role="img"
              aria-label={slide.title}
            >
              <div className="home-slide-text">
                <h3 className="home-slide-title" data-testid="home-slide-title">
                  {slide.title}
                </h3>
                <p className="home-slide-subtitle">{slide.text}</p>
                <span className="home-slide-bar" />
              </div>
              {slide.art}
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
