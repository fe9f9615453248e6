import { EmailAccountsPage } from '#web/features/email-accounts/components/email-accounts-page';

/** Route module (lazy chunk) of the email-accounts screen. */
export function Component() {
  return <EmailAccountsPage />;
}
