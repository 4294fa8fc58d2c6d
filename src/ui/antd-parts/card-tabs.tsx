/**
 * antd's Card renders Tabs only for its `tabList` prop, but imports them statically: every card brought rc-tabs
 * and the tabs' styles (about 10 KB gzip) to the screens that show one, the home among them. The build resolves
 * Card's import of its Tabs to this component (scripts/antd-parts.ts): the same Tabs, fetched when a card with
 * tabs first renders (nothing shows in their place until then). Pages that use Tabs themselves import them as before.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const Tabs = lazy(() => import('antd/es/tabs'));

export default function CardTabs(props: ComponentProps<typeof Tabs>) {
  return (
    <Suspense fallback={null}>
      <Tabs {...props} />
    </Suspense>
  );
}
