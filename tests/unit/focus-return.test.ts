import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusTarget, watchLostFocus } from '../../src/ui/global/focus-return';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus that leaves the page lands on the main content', () => {
  it.each([
    ['the focused button is removed', false, 'main-content'],
    ['the focused button is removed while a dialog is open', true, 'BODY'],
  ])('%s', async (_what, dialog, expected) => {
    document.body.innerHTML = `<main id="main-content" tabindex="-1"><button id="act">Issue</button></main>${dialog ? '<div class="ant-modal-wrap"></div>' : ''}`;
    const stop = watchLostFocus(document);
    document.getElementById('act')?.focus();
    expect(document.activeElement?.id).toBe('act');
    document.getElementById('act')?.remove();
    if (dialog) {
      await new Promise((r) => setTimeout(r, 0));
      expect(document.activeElement?.tagName).toBe(expected);
    } else {
      await vi.waitFor(() => expect(document.activeElement?.id).toBe(expected));
    }
    stop();
  });

  it('leaves the focus alone when another element already has it', async () => {
    document.body.innerHTML = '<main id="main-content" tabindex="-1"><button id="a">A</button><input id="b"></main>';
    const stop = watchLostFocus(document);
    document.getElementById('a')?.focus();
    document.getElementById('b')?.focus();
    document.getElementById('a')?.remove();
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('b');
    stop();
  });

  it.each([
    ['an opener still on the page', true, 'opener'],
    ['an opener that left the page', false, 'main-content'],
  ])('the PIN dialog gives the focus back to %s', (_what, connected, expected) => {
    document.body.innerHTML = '<main id="main-content" tabindex="-1"><button id="opener">Pay</button></main>';
    const opener = document.getElementById('opener') as HTMLElement;
    if (!connected) opener.remove();
    expect(focusTarget(opener, document)?.id).toBe(expected);
  });
});
