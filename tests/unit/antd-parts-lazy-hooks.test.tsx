/**
 * The deferred modal, notification and message hooks the build gives antd's App (src/ui/antd-parts/): a call made
 * before antd's hook is here is shown once it is, in order, and what the call returned acts on it from then on.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import useModal from '../../src/ui/antd-parts/lazy-use-modal';
import useNotification from '../../src/ui/antd-parts/lazy-use-notification';
import useMessage from '../../src/ui/antd-parts/lazy-use-message';

describe('deferred antd hooks', () => {
  it('shows a confirm asked before the modal code is here, and its promise answers the choice', async () => {
    let answer: boolean | undefined;
    function Page() {
      const [modal, holder] = useModal();
      useEffect(() => {
        void modal.confirm({ title: 'Delete the order?', okText: 'Yes', cancelText: 'No' }).then((ok) => {
          answer = ok;
        }, () => undefined);
      }, [modal]);
      return holder;
    }
    render(<Page />);
    expect(screen.queryByText('Delete the order?')).toBeNull();
    // antd writes a dialog's title twice (the visible one and its label)
    expect((await screen.findAllByText('Delete the order?', undefined, { timeout: 30_000 })).length).toBeGreaterThan(0);
    act(() => screen.getByRole('button', { name: 'Yes' }).click());
    await waitFor(() => expect(answer).toBe(true));
  }, 60_000);

  it('closes a dialog whose handle was destroyed before the code arrived, and updates one', async () => {
    function Page() {
      const [modal, holder] = useModal();
      useEffect(() => {
        modal.info({ title: 'Gone at once' }).destroy();
        const kept = modal.info({ title: 'First title' });
        kept.update({ title: 'Second title' });
      }, [modal]);
      return holder;
    }
    render(<Page />);
    expect((await screen.findAllByText('Second title', undefined, { timeout: 30_000 })).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('First title')).toHaveLength(0);
    // destroyed: closing as antd's own hook closes it (its leave motion, which jsdom never ends)
    const closing = (text: string) => screen.queryAllByText(text).map((el) => el.closest('.ant-modal')?.className.includes('ant-zoom-leave'));
    await waitFor(() => expect(closing('Gone at once')).toContain(true));
    expect(closing('Second title')).not.toContain(true);
  }, 60_000);

  it('shows notices asked before the code is here, in order, and a closing asked after them', async () => {
    function Page() {
      const [notification, holder] = useNotification();
      useEffect(() => {
        notification.open({ key: 'a', message: 'Saved' });
        notification.open({ key: 'b', message: 'Sent' });
        notification.destroy('a');
      }, [notification]);
      return holder;
    }
    render(<Page />);
    expect(await screen.findByText('Sent', undefined, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  }, 60_000);

  it('shows a message asked before the code is here; its closer closes it', async () => {
    function Page() {
      const [message, holder] = useMessage();
      useEffect(() => {
        message.success('Copied');
        const close = message.info('Closed early', 30);
        close();
      }, [message]);
      return holder;
    }
    render(<Page />);
    expect(await screen.findByText('Copied', undefined, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Closed early')).toBeNull());
  }, 60_000);
});
