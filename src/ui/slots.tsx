/**
 * The slots through which plugins offer components without being imported: the header widgets, what is
 * mounted on every page, and the shared dialogs (contract/slots.ts), each rendered from the composed portal.
 */
import { Suspense, type ComponentType } from 'react';
import type { SharedDialogName, SharedDialogs } from '../../contract/slots';
import { usePortal } from './layout/portal-context';

/** The header widgets the plugins offer, in their order. */
export function HeaderSlot({ compact }: { compact: boolean }) {
  const { header } = usePortal();
  return (
    <>
      {header.map(({ key, component: Widget }) => (
        <Widget key={key} compact={compact} />
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
