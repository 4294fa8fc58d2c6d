/** The empty placeholder shown while a page chunk loads. */
export function Placeholder() {
  return <div className="page-placeholder" aria-busy="true" style={{ minHeight: '60vh' }} />;
}
