import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from '#shared/limits';

// A module-level store rather than a context: the theme is global to the document, and
// useSyncExternalStore keeps every consumer (toggles, toaster) in step without a provider.
const listeners = new Set<() => void>();
let current: Theme | undefined;

function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

/** The persisted theme preference, or the default when none (or storage is unavailable). */
function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function getTheme(): Theme {
  current ??= readStoredTheme();
  return current;
}

function paint(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Makes <html> reflect the current preference (theme-init.js normally did already; this keeps them in sync). */
export function syncThemeClass(): void {
  paint(getTheme());
}

/** Sets the theme: updates the `dark` class on <html>, persists it and notifies subscribers. */
function setTheme(theme: Theme): void {
  current = theme;
  paint(theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice still holds for this page view when storage is blocked.
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  // Another tab changing the preference should restyle this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) setTheme(event.newValue);
  };
  listeners.add(notify);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme and a function that flips it between dark and light. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggleTheme };
}
