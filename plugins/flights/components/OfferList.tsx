/** The results list, virtualised (rc-virtual-list, antd's own) so thousands of offers scroll smoothly. */
import { useEffect, useState } from 'react';
import VirtualList from 'rc-virtual-list';
import type { FlightOffer } from '../../../contract/flights';
import { sameOfferId } from '../model';
import { OfferCard, type OfferCardProps } from './OfferCard';

/** Estimated height of one card with its margin (cards measure themselves once shown). */
export const OFFER_ITEM_HEIGHT = 170;

function listHeight(): number {
  if (typeof window === 'undefined') return 640;
  return Math.min(Math.max(window.innerHeight - 220, 420), 1100);
}

export interface OfferListProps extends Omit<OfferCardProps, 'offer' | 'selectedClass' | 'quoted'> {
  offers: readonly FlightOffer[];
  selectedId: string;
  selectedClass?: string;
  quoted?: (id: string) => boolean;
}

export function OfferList({ offers, selectedId, selectedClass, quoted, ...card }: OfferListProps) {
  const [height, setHeight] = useState(listHeight);
  useEffect(() => {
    const onResize = () => setHeight(listHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="fl-offer-list" data-testid="offer-list" data-count={offers.length}>
      <VirtualList
        data={offers as FlightOffer[]}
        // a short list takes its own height (no empty scroll area below one selected offer)
        height={offers.length * OFFER_ITEM_HEIGHT > height ? height : undefined}
        itemHeight={OFFER_ITEM_HEIGHT}
        itemKey="id"
        role="list"
      >
        {(offer) => (
          <div className="fl-offer-item" role="listitem">
            <OfferCard
              offer={offer}
              selectedClass={sameOfferId(offer.id, selectedId) ? selectedClass : undefined}
              quoted={quoted?.(offer.id)}
              {...card}
            />
          </div>
        )}
      </VirtualList>
    </div>
  );
}
