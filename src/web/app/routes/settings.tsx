import { ActivityLog } from '#web/features/activity/components/activity-log';
import { ApiKeysTab } from '#web/features/api-keys/components/api-keys-tab';
import { SettingsPage, type SettingsTab } from '#web/features/settings/components/settings-page';
import { WebhooksTab } from '#web/features/webhooks/components/webhooks-tab';

/** The workspace tabs other features own, after the settings page's own. */
const workspaceTabs: SettingsTab[] = [
  { value: 'activity', label: 'Activity', panel: () => <ActivityLog /> },
  { value: 'api-keys', label: 'API keys', panel: (user) => <ApiKeysTab user={user} /> },
  { value: 'webhooks', label: 'Webhooks', panel: (user) => <WebhooksTab user={user} /> },
];

/** Route module (lazy chunk) of the settings screen. */
export function Component() {
  return <SettingsPage workspaceTabs={workspaceTabs} />;
}
