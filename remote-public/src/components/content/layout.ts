/** `left`, `center` or `right` for a stored alignment; LEFT when absent or unknown (spec 001 §9). */
export function alignOf(alignment: string | null | undefined): 'left' | 'center' | 'right' {
  const value = alignment?.toLowerCase();
  return value === 'center' || value === 'right' ? value : 'left';
}
