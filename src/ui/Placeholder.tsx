import { useHoldAfterContent } from './after-content';

/** The empty placeholder shown while a page chunk loads (what waits for the page's content waits for it too). */
export function Placeholder() {
  useHoldAfterContent();
  return <div className="page-placeholder" aria-busy="true" style={{ minHeight: '60vh' }} />;
}
