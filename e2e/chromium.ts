/**
 * Debian's Chromium, as the e2e tests and the browser benchmarks launch it: never a downloaded
 * browser, and without the background requests this machine's closed network refuses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
