/**
 * Money as the back office shows earnings: always with its currency, since amounts of different
 * currencies are never added up (commissions.ts). Shared by the catalog admin and the shell's
 * dashboard, which may not import each other.
 */

/** `amount` in `currency` (e.g. €12.50); a code Intl does not know still reads, as "12.50 XYZ". */
export function formatMoney(amount: number, currency: string, decimals: { min?: number; max?: number } = {}): string {
  const minimumFractionDigits = decimals.min ?? 2;
  const maximumFractionDigits = Math.max(minimumFractionDigits, decimals.max ?? 2);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits, maximumFractionDigits }).format(amount);
  } catch {
    return `${amount.toFixed(maximumFractionDigits)} ${currency}`;
  }
}

/** Earnings per click are often fractions of a cent: 2 to 4 decimals. */
export const formatEpc = (amount: number, currency: string) => formatMoney(amount, currency, { min: 2, max: 4 });

/** A money figure of a table row whose currency is null when nothing was earned. */
export const moneyOrDash = (amount: number, currency: string | null, format: (amount: number, currency: string) => string = formatMoney) => (currency ? format(amount, currency) : '—');

export const formatPercent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
