import { Children, useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import './Carousel.css';

export interface CarouselProps {
  /** Accessible name of the region, e.g. "Featured: Summer Deals". */
  label: string;
  children: ReactNode;
  /** Move one page every this many ms; paused while hovered or focused, off for reduced motion. */
  autoplayMs?: number;
  /** Autoplay only below this viewport width (the store logos autoplay on phones only). */
  autoplayBelow?: number;
  /** Slides visible at once: CSS custom properties on the track, per breakpoint in Carousel.css. */
  perView?: { wide?: number; desktop?: number; tablet?: number; phone?: number };
  /** Dots under the track (one per slide). */
  dots?: boolean;
  className?: string;
}

/**
 * The site's one carousel: a CSS scroll-snap track (swipe and keyboard scrolling for free, no
 * library, nothing to lay out in JavaScript) with previous/next buttons, optional dots and autoplay.
 */
export function Carousel({ label, children, autoplayMs, autoplayBelow, perView, dots = false, className }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const slides = Children.toArray(children);
  const count = slides.length;

  const scrollToIndex = useCallback((index: number) => {
    const el = track.current;
    const slide = el?.children[index] as HTMLElement | undefined;
    if (!el || !slide) return;
    el.scrollTo({ left: slide.offsetLeft - el.offsetLeft, behavior: 'smooth' });
  }, []);

  const step = useCallback(
    (direction: 1 | -1) => {
      const el = track.current;
      if (!el) return;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
      if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
      else el.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
    },
    [],
  );

  useEffect(() => {
    if (!autoplayMs || paused || count < 2) return;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (autoplayBelow && window.innerWidth >= autoplayBelow) return;
    const timer = window.setInterval(() => step(1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, autoplayBelow, paused, count, step]);

  const onScroll = () => {
    const el = track.current;
    const first = el?.children[0] as HTMLElement | undefined;
    if (!el || !first || !first.offsetWidth) return;
    setActive(Math.round(el.scrollLeft / first.offsetWidth));
  };

  const style = {
    '--per-wide': perView?.wide ?? perView?.desktop ?? 1,
    '--per-desktop': perView?.desktop ?? 1,
    '--per-tablet': perView?.tablet ?? perView?.desktop ?? 1,
    '--per-phone': perView?.phone ?? 1,
  } as CSSProperties;

  return (
    <section
      className={['carousel', count > 1 && 'carousel--nav', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel__track" ref={track} style={style} onScroll={onScroll}>
        {slides.map((slide, index) => (
          <div className="carousel__slide" key={index} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="carousel__nav carousel__nav--prev" aria-label={`Previous: ${label}`} onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="carousel__nav carousel__nav--next" aria-label={`Next: ${label}`} onClick={() => step(1)}>
            ›
          </button>
        </>
      )}
      {dots && count > 1 && (
        <div className="carousel__dots">
          {slides.map((_, index) => (
            <button
              type="button"
              key={index}
              className={index === active ? 'is-active' : undefined}
              aria-label={`Show slide ${index + 1}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => scrollToIndex(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
