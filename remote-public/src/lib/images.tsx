import type { ImgHTMLAttributes } from 'react';
import { IMAGE_WIDTHS } from '@deals/contract/limits';
import { attachmentUrl } from '@deals/shared-auth';

/** URL of a stored image as a WebP at most `width` px wide (the API's `?w=` renditions). */
export function imageUrl(filePath: string, width: number): string {
  const step = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${attachmentUrl(filePath)}?w=${step}`;
}

/** `srcset` over the API's widths up to `maxWidth` (a card never needs the 1280 px one). */
export function imageSrcSet(filePath: string, maxWidth = 1280): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${attachmentUrl(filePath)}?w=${w} ${w}w`)
    .join(', ');
}

export interface SiteImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  /** Stored name (`<hash>.<ext>`) from the API; null shows the neutral placeholder. */
  filePath: string | null | undefined;
  alt: string;
  /** Intrinsic ratio: the box is reserved before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** The CSS `sizes` of the slot, e.g. `(max-width: 480px) 50vw, 240px`. */
  sizes: string;
  /** Above the fold (the LCP candidate): load at once with high priority; otherwise lazy. */
  eager?: boolean;
  maxWidth?: number;
}

/**
 * Every picture on the visitor site: responsive WebP from the API, reserved box, lazy below the
 * fold. Without a file it draws an empty box of the same size so lists keep their rhythm.
 */
export function SiteImage({ filePath, alt, width, height, sizes, eager = false, maxWidth, className, ...rest }: SiteImageProps) {
  const classes = ['site-image', className].filter(Boolean).join(' ');
  if (!filePath) return <span className={`${classes} site-image--empty`} role={alt ? 'img' : undefined} aria-label={alt || undefined} style={{ aspectRatio: `${width} / ${height}` }} />;
  return (
    <img
      {...rest}
      className={classes}
      src={imageUrl(filePath, Math.min(maxWidth ?? 640, 640))}
      srcSet={imageSrcSet(filePath, maxWidth)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      // React 19 knows fetchPriority.
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
