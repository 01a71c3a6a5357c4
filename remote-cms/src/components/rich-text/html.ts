/**
 * True when editor HTML shows nothing: no text and no picture or embed. An emptied editor still
 * sends `<p><br></p>`; the API reads it the same way (its `isBlankHtml`).
 */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(?:img|iframe|video)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;|\s/gi, '');
  return text.length === 0;
}
