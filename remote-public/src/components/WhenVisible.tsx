import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { isHydrating } from '../lib/ssr/preloaded';

export interface WhenVisibleProps {
  children: ReactNode;
  /** Drawn until the slot nears the viewport: must have the final size, so nothing moves. */
  placeholder: ReactNode;
  /** How far below the viewport the content starts to render (CSS margin). */
  margin?: string;
  /**
   * Whether the server renders the content (default) or only the placeholder: content a crawler
   * or a link preview should read, against HTML weight and hydration time for what is far below.
   */
  prerender?: boolean;
  /** Draw the content now, wherever the slot is (the list decided it is time, see the deals list). */
  forced?: boolean;
}

/**
 * Renders its children only once their slot comes within `margin` of the viewport. Long pages
 * (home: every featured row; the footer) then cost the first render only what a visitor sees,
 * which is most of the main-thread time on a phone. The server renders what `prerender` says, and
 * hydration starts from the same (the markup must match); a browser without IntersectionObserver
 * (old ones, jsdom) renders at once.
 */
export function WhenVisible({ children, placeholder, margin = '400px', prerender = true, forced = false }: WhenVisibleProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => (typeof window === 'undefined' || isHydrating() ? prerender : typeof IntersectionObserver === 'undefined'));
  useEffect(() => {
    if (visible || forced || !slot.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Hydrated without the observer (an old browser): draw it once hydration is done.
      const timer = setTimeout(() => setVisible(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setVisible(true)), { rootMargin: `${margin} 0px` });
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, [visible, forced, margin]);
  return visible || forced ? <>{children}</> : <div ref={slot}>{placeholder}</div>;
}
