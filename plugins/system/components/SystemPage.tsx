/** Heading, error and empty states shared by the system administration screens. */
import type { ReactNode } from 'react';
import { PageFrame } from '../../../src/sdk';
import '../system.css';

export { EmptyRows } from '../../../src/sdk';
export { LoadError } from '../../../src/sdk';

export function SystemPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <PageFrame title={title} extra={extra} className="admin-page">
      {children}
    </PageFrame>
  );
}
