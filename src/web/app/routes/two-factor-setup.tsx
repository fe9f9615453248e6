import { TwoFactorSetupPage } from '../../features/two-factor/components/two-factor-setup-page';

/** Route module of /dashboard/two-factor-setup: the set-up a workspace's 2FA requirement asks for. */
export function Component() {
  return <TwoFactorSetupPage />;
}
