import { PriceScreen } from './PriceScreen';

/** /booking/edit/quote-best-price/:id: the lowest fare sold now on the same flights, and rebooking to it. */
export default function QuoteBestPricePage() {
  return <PriceScreen screen="quote-best-price" />;
}
