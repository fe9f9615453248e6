import { ActivityLog } from '#web/features/activity/components/activity-log';
import { ApiKeysTab } from '#web/features/api-keys/components/api-keys-tab';
import { EmailVerificationTab } from '#web/features/email-verification/components/email-verification-tab';
import { DataProvidersTab } from '#web/features/data-providers/components/data-providers-tab';
import { CustomFieldsTab } from '#web/features/custom-fields/components/custom-fields-tab';
import { SettingsPage, type SettingsTab } from '#web/features/settings/components/settings-page';
import { SsoTab } from '#web/features/sso/components/sso-tab';
import { SystemTab } from '#web/features/system/components/system-tab';
import { PasskeysCard } from '#web/features/two-factor/components/passkeys-card';
import { TwoFactorCard } from '#web/features/two-factor/components/two-factor-card';
import { WorkspaceTwoFactorCard } from '#web/features/two-factor/components/workspace-two-factor-card';
import { WebhooksTab } from '#web/features/webhooks/components/webhooks-tab';

/** The workspace tabs other features own, after the settings page's own. */
const workspaceTabs: SettingsTab[] = [
  { value: 'activity', label: 'Activity', panel: () => <ActivityLog /> },
  { value: 'custom-fields', label: 'Custom fields', panel: (user) => <CustomFieldsTab user={user} /> },
  { value: 'api-keys', label: 'API keys', panel: (user) => <ApiKeysTab user={user} /> },
  { value: 'webhooks', label: 'Webhooks', panel: (user) => <WebhooksTab user={user} /> },
  { value: 'sso', label: 'Single sign-on', panel: (user) => <SsoTab user={user} /> },
  { value: 'data-providers', label: 'Data providers', panel: (user) => <DataProvidersTab user={user} /> },
  {
    value: 'email-verification',
    label: 'Email verification',
    panel: (user) => <EmailVerificationTab user={user} />,
  },
  { value: 'system', label: 'System', panel: () => <SystemTab />, fullAccessOnly: true },
];

/** The Security tab's cards for two-factor sign-in, between the password and the sessions. */
const securityCards: SettingsTab['panel'] = (user) => (
  <>
    <TwoFactorCard />
    <PasskeysCard />
    {user.role !== 'client' && <WorkspaceTwoFactorCard user={user} />}
  </>
);

/** Route module (lazy chunk) of the settings screen. */
export function Component() {
  return <SettingsPage workspaceTabs={workspaceTabs} securityCards={securityCards} />;
}
