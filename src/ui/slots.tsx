/**
 * The slots through which plugins offer components without being imported: the header widgets, what is
 * mounted on every page, and the shared dialogs (contract/slots.ts), each rendered from the composed portal.
 * The booking detail's tabs are in booking-detail-slot.tsx: antd's Tabs come with the page that shows them, not
 * with the shell (this module is part of the signed-in layout).
 */
import { Suspense, useEffect, type ComponentType } from 'react';
import type { FlightOfferTagProps, SharedDialogName, SharedDialogs } from '../../contract/slots';
import { preloadLazy } from '../plugin';
import { useAfterPaint } from './after-content';
import { usePortal } from './layout/portal-context';

/**
 * The header widgets the plugins offer, in their order. On narrow screens the header keeps those that fit
 * (`narrow: 'menu'` ones leave it) and the side-menu drawer shows the others (`inMenu`), below the menu.
 */
export function HeaderSlot({ compact, inMenu = false, onActivate }: { compact: boolean; inMenu?: boolean; onActivate?: () => void }) {
  const { header } = usePortal();
  const shown = header.filter((w) => (inMenu ? w.narrow === 'menu' : !(compact && w.narrow === 'menu')));
  return (
    <>
      {shown.map(({ key, component: Widget }) => (
        <Widget key={key} compact={compact} inMenu={inMenu} onActivate={onActivate} />
      ))}
    </>
  );
}

/** The components mounted once on every signed-in page. */
export function PageSlot() {
  const { page } = usePortal();
  return (
    <>
      {page.map((Component, index) => (
        <Component key={index} />
      ))}
    </>
  );
}

/**
 * A shared dialog by name, implemented by whichever plugin offers it (loaded on demand); nothing when no
 * plugin of the registry offers it. `<SharedDialog name="fareRule" query={...} onClose={...} />`.
 */
export function SharedDialog<N extends SharedDialogName>({ name, ...props }: { name: N } & SharedDialogs[N]) {
  const Dialog = usePortal().dialogs[name] as ComponentType<Record<string, unknown>> | undefined;
  if (!Dialog) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

/**
 * The tags other plugins add to a direct flight of the results (the shop's agency allotment), each loaded on
 * demand; nothing when no plugin offers one. `<FlightOfferTagSlot airline flightNo from to departDate />`.
 * The tags mount after the card's first paint: a tag reads its data through Refine's hooks (access, a query),
 * whose set-up per card cost more than the card itself in the first results render, and a tag shows only once
 * its data is here anyway.
 */
export function FlightOfferTagSlot(props: FlightOfferTagProps) {
  const tags = usePortal().offerTags ?? [];
  const painted = useAfterPaint(tags.length > 0);
  if (tags.length === 0 || !painted) return null;
  return (
    <>
      {tags.map((Tag, i) => (
        <Suspense key={i} fallback={null}>
          <Tag {...props} />
        </Suspense>
      ))}
    </>
  );
}

/**
 * Fetches the offer tags' code now, so that the first result cards render their tags in the same pass. A tag
 * whose code is not here yet suspends the card's first render, and React then holds back the reveal of the
 * whole list by up to 300 ms (its batching of Suspense reveals): the results page calls this when it opens,
 * well before the first offers arrive.
 */
export function usePreloadOfferTags(): void {
  const tags = usePortal().offerTags;
  useEffect(() => {
    for (const tag of tags ?? []) preloadLazy(tag).catch(() => undefined); // a failed fetch is tried again by the tag
  }, [tags]);
}
