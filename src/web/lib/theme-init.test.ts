// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_STORAGE_KEY } from '#shared/limits';

// public/theme-init.js is a classic script that cannot import shared code; this keeps it honest.
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../public/theme-init.js'), 'utf8');
const run = () => new Function(script)();
const root = document.documentElement;

describe('theme-init.js', () => {
  afterEach(() => {
    window.localStorage.clear();
    root.className = '';
  });

  it('applies the default theme when nothing is stored', () => {
    run();
    expect(root.classList.contains('dark')).toBe(DEFAULT_THEME === 'dark');
  });

  it('applies the stored preference under the shared key', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    root.classList.add('dark');
    run();
    expect(root.classList.contains('dark')).toBe(false);

    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('ignores a value that is not a theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, '{"state":"light"}');
    run();
    expect(root.classList.contains('dark')).toBe(DEFAULT_THEME === 'dark');
  });
});
