import { LegalPage } from '#web/features/legal/components/legal-page';
import { TermsContent } from '#web/features/legal/components/terms-content';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({
    title: 'Terms of Service',
    description:
      'The terms for using LinkPilot: accounts, the free trial and plans, outreach rules, your data and liability.',
  }),
};

/** Route module of /terms. */
export function Component() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="Please read these terms before using LinkPilot. They are written to be understood: what you can expect from us, and what we expect from you."
    >
      <TermsContent />
    </LegalPage>
  );
}
