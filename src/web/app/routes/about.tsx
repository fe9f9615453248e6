import { AboutContent } from '#web/features/legal/components/about-content';
import { LegalPage } from '#web/features/legal/components/legal-page';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({
    title: 'About',
    description:
      'Why we build LinkPilot: our mission, our approach to link building, and four reasons teams choose it.',
  }),
};

/** Route module of /about. */
export function Component() {
  return (
    <LegalPage
      title="About LinkPilot"
      updated={false}
      intro="LinkPilot is AI-assisted link building for marketers, SEOs and website owners: find the right sites, reach them personally, and track every link you win."
    >
      <AboutContent />
    </LegalPage>
  );
}
