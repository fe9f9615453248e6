import { SettingsPage } from '#web/features/settings/components/settings-page';

/** Route module (lazy chunk) of the settings screen. */
export function Component() {
  return <SettingsPage />;
}
