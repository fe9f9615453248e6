import { CookiesContent } from '#web/features/legal/components/cookies-content';
import { LegalPage } from '#web/features/legal/components/legal-page';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({
    title: 'Cookie Policy',
    description:
      'LinkPilot sets one cookie, the session cookie, and remembers your theme in local storage. Nothing else.',
  }),
};

/** Route module of /cookies. */
export function Component() {
  return (
    <LegalPage
      title="Cookie Policy"
      intro="A short list: LinkPilot keeps two things in your browser, and no trackers."
    >
      <CookiesContent />
    </LegalPage>
  );
}
