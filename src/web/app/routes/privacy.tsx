import { LegalPage } from '#web/features/legal/components/legal-page';
import { PrivacyContent } from '#web/features/legal/components/privacy-content';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({
    title: 'Privacy Policy',
    description:
      'What LinkPilot stores — your account, campaigns, prospects’ business contact data and encrypted mailbox credentials — why, for how long, and how to delete your account.',
  }),
};

/** Route module of /privacy. */
export function Component() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what personal data LinkPilot stores, why, who can see it and how you can have it deleted."
    >
      <PrivacyContent />
    </LegalPage>
  );
}
