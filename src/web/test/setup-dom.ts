// Imported first by every jsdom test: Vitest runs without globals here, so Testing Library cannot
// register its own cleanup, and jsdom lacks window.scrollTo (called by ScrollRestoration),
// Element.scrollIntoView (Settings brings its open tab into view; Radix Select its chosen option) and
// pointer capture (Radix Select, sonner's toasts).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Dashboard pages are lazy chunks: on a loaded CI machine importing one can take longer than the
// default 1 s of findBy*/waitFor (5 s was not enough with both cores busy: the first test of a
// file waits for the chunk to compile), which made route tests fail now and then without a real fault.
configure({ asyncUtilTimeout: 15_000 });

Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });
Object.defineProperty(Element.prototype, 'scrollIntoView', { value: vi.fn(), writable: true });
Object.assign(Element.prototype, {
  hasPointerCapture: () => false,
  setPointerCapture: () => {},
  releasePointerCapture: () => {},
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
