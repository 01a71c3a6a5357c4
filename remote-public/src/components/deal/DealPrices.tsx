import { discountPercent, formatPrice } from '../../lib/dealText';

export interface DealPricesProps {
  currentPrice: number;
  previousPrice: number;
  /** The BEM block the price classes belong to (`deal-card`, `deal-detail`). */
  block: string;
  /** How the saving reads, e.g. `57% off` on a card, `Save 57%` on the deal page. */
  saving: (percent: number) => string;
  savingClass: string;
}

/** Current price, the struck previous one when higher, and the rounded saving (spec 000 §9). */
export function DealPrices({ currentPrice, previousPrice, block, saving, savingClass }: DealPricesProps) {
  const discount = discountPercent(currentPrice, previousPrice);
  return (
    <p className={`${block}__prices`}>
      <span className="visually-hidden">Price </span>
      <strong className={`${block}__price`}>{formatPrice(currentPrice)}</strong>
      {previousPrice > currentPrice && (
        <>
          <span className="visually-hidden"> was </span>
          <s className={`${block}__was`}>{formatPrice(previousPrice)}</s>
        </>
      )}
      {discount !== null && <span className={savingClass}>{saving(discount)}</span>}
    </p>
  );
}
