import { SingleCardLayout } from '#web/components/layouts/single-card-layout';
import { RequireSession } from '#web/features/auth/components/require-session';
import { TwoFactorSetupRequired } from '#web/features/two-factor/components/two-factor-setup-page';

/** Route module of /dashboard/two-factor-setup: the set-up a workspace's 2FA requirement asks for. */
export function Component() {
  return (
    <SingleCardLayout>
      <RequireSession>{(user) => <TwoFactorSetupRequired user={user} />}</RequireSession>
    </SingleCardLayout>
  );
}
