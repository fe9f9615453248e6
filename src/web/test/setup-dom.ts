// Imported first by every jsdom test: Vitest runs without globals here, so Testing Library cannot
// register its own cleanup, and jsdom lacks window.scrollTo (called by ScrollRestoration).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});
