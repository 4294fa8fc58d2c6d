import { PriceScreen } from './PriceScreen';

/** /booking/edit/process-price/:id: the held PNR priced at today's fares, and storing them. */
export default function ProcessPricePage() {
  return <PriceScreen screen="process-price" />;
}
