/** Heading, error and empty states shared by the agency administration screens. */
import type { ReactNode } from 'react';
import { PageFrame } from '../../../src/sdk';

export { EmptyRows } from '../../../src/sdk';
export { LoadError } from '../../../src/sdk';

export function AdminPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <PageFrame title={title} extra={extra} className="admin-page">
      {children}
    </PageFrame>
  );
}
