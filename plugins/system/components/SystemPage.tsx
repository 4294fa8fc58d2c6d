/** Heading, error and empty states shared by the system administration screens. */
import type { ReactNode } from 'react';
import { PageFrame } from '../../../src/ui/PageFrame';
import '../../../src/ui/admin-screens.css';
import '../system.css';

export { EmptyRows } from '../../../src/ui/PageFrame';
export { LoadError } from '../../../src/ui/PageFrame';

export function SystemPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <PageFrame title={title} extra={extra} className="admin-page">
      {children}
    </PageFrame>
  );
}
