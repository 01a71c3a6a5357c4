import { useState } from 'react';
import { SiteImage } from '../../lib/images';

/**
 * The deal's pictures: a large main image (loaded at once: it is the page's LCP) and a row of
 * thumbnails; hovering, focusing or clicking a thumbnail shows it large (spec 000 §2).
 */
export function DealGallery({ name, images }: { name: string; images: string[] }) {
  const [shown, setShown] = useState(0);
  const current = images[shown] ?? images[0] ?? null;
  return (
    <div className="deal-gallery">
      <div className="deal-gallery__main">
        <SiteImage filePath={current} alt={name} width={600} height={600} sizes="(max-width: 899px) calc(100vw - 40px), 600px" maxWidth={960} eager />
      </div>
      {images.length > 1 && (
        <ul className="deal-gallery__thumbs" aria-label="Deal images">
          {images.map((filePath, index) => (
            <li key={`${filePath}-${index}`}>
              <button
                type="button"
                className="deal-gallery__thumb"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === shown}
                onMouseEnter={() => setShown(index)}
                onFocus={() => setShown(index)}
                onClick={() => setShown(index)}
              >
                <SiteImage filePath={filePath} alt="" width={72} height={72} sizes="72px" maxWidth={160} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
