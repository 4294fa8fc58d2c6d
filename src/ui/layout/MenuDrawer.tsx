/**
 * The side menu as a drawer, below the md breakpoint: a module of its own, loaded once the page's content is shown
 * (or at the first press of the menu button), so that the signed-in shell does not carry antd's Drawer.
 */
import type { ReactNode } from 'react';
import { Drawer } from 'antd';

export default function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      width={280}
      closable={false}
      className="app-drawer"
      styles={{ body: { padding: 0 }, header: { display: 'none' } }}
    >
      {children}
    </Drawer>
  );
}
