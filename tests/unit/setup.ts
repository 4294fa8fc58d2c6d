// Shared set-up of the unit project (jsdom).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy chunks (dialogs, screens) load slowly on a busy 2-core machine: findBy/waitFor wait on the state
// for up to 10 s instead of the library's 1 s, so a loaded machine does not fail a correct screen.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not lay out, so it has no scrollIntoView; the screens call it to bring an error into view.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// jsdom has no matchMedia; antd's responsive observers need it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
