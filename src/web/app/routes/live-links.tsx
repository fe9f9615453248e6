import { LiveLinksPage } from '#web/features/live-links/components/live-links-page';

/** Route module (lazy chunk) of the live-links screen. */
export function Component() {
  return <LiveLinksPage />;
}
