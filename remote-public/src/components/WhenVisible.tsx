import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { isHydrating } from '../lib/ssr/preloaded';

export interface WhenVisibleProps {
  children: ReactNode;
  /** Drawn until the slot nears the viewport: must have the final size, so nothing moves. */
  placeholder: ReactNode;
  /** How far below the viewport the content starts to render (CSS margin). */
  margin?: string;
}

/**
 * Renders its children only once their slot comes within `margin` of the viewport. Long pages
 * (home: every featured row; the footer) then cost the first render only what a visitor sees,
 * which is most of the main-thread time on a phone. Without IntersectionObserver (the server, old
 * browsers, jsdom) it renders at once, and so it does while the browser hydrates what the server
 * rendered (the markup must match).
 */
export function WhenVisible({ children, placeholder, margin = '400px' }: WhenVisibleProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined' || isHydrating());
  useEffect(() => {
    if (visible || !slot.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setVisible(true)), { rootMargin: `${margin} 0px` });
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <div ref={slot}>{placeholder}</div>;
}
