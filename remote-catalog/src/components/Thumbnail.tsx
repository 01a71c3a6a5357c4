import { attachmentUrl } from '@deals/shared-auth';

/** A table cell's image (logo, preview image), or a dash when there is none. */
export function Thumbnail({ path, alt = '', size = 48 }: { path: string | null | undefined; alt?: string; size?: number }) {
  if (!path) return <span aria-label="No image">—</span>;
  return <img className="catalog-thumbnail" src={attachmentUrl(path)} alt={alt} width={size} height={size} loading="lazy" />;
}
