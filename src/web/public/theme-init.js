// Runs as a blocking classic script in <head> so the stored theme is applied before first paint.
// It cannot import shared code; theme-init.test.ts keeps the key and default in step with src/shared/limits.ts.
(function () {
  let theme = 'dark';
  try {
    const stored = window.localStorage.getItem('theme-storage');
    if (stored === 'dark' || stored === 'light') theme = stored;
  } catch {
    // Storage can be blocked (privacy modes); the default theme still applies.
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
