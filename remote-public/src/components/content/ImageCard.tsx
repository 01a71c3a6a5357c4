import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteImage } from '../../lib/images';
import './ImageCard.css';

export interface ImageCardProps {
  filePath: string | null | undefined;
  title: string;
  /** Site path the whole card opens. */
  to?: string;
  /** A short plain text under the title. */
  text?: string | null;
  /** Extra lines between title and text (dates, authors, badges). */
  children?: ReactNode;
  /** Heading level of the title in its page. */
  level?: 2 | 3;
  /** `row`: picture beside the text from tablet width up; `stack`: picture above. */
  layout?: 'row' | 'stack';
  /** Intrinsic picture size (ratio of the reserved box). */
  width?: number;
  height?: number;
  sizes?: string;
  eager?: boolean;
}

/** The image card display piece (spec 001 §1): picture, title, text and an optional link over the whole card. */
export function ImageCard({ filePath, title, to, text, children, level = 2, layout = 'stack', width = 1600, height = 500, sizes = '(max-width: 640px) 100vw, 320px', eager }: ImageCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={`image-card image-card--${layout}${to ? ' image-card--link' : ''}`}>
      <SiteImage className="image-card__image" filePath={filePath} alt="" width={width} height={height} sizes={sizes} eager={eager} />
      <div className="image-card__body">
        <Heading className="image-card__title">{to ? <Link to={to}>{title}</Link> : title}</Heading>
        {children}
        {text && <p className="image-card__text">{text}</p>}
      </div>
    </article>
  );
}
