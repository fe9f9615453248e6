import { useEffect, useRef, type ReactNode } from 'react';
import type { Me } from '../../../../shared/schemas/auth';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../../components/ui/page-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ActivityLog } from '../../activity/components/activity-log';
import { ApiKeysTab } from '../../api-keys/components/api-keys-tab';
import { useMe } from '../../auth/api/session-queries';
import { SsoTab } from '../../sso/components/sso-tab';
import { WebhooksTab } from '../../webhooks/components/webhooks-tab';
import { BillingTab } from './billing-tab';
import { ChangePasswordCard } from './change-password-card';
import { ProfileTab } from './profile-tab';
import { SendingSettingsCard } from './sending-settings-card';
import { SessionsCard } from './sessions-card';
import { UsersTab } from './users-tab';

/** The tabs in order: the `?tab=` value, the label, and the panel. */
const tabs: { value: string; label: string; panel: (user: Me) => ReactNode }[] = [
  {
    value: 'profile',
    label: 'Profile',
    panel: (user) => (
      <div className="space-y-6">
        <ProfileTab user={user} />
        <SendingSettingsCard user={user} />
      </div>
    ),
  },
  {
    value: 'security',
    label: 'Security',
    panel: () => (
      <div className="space-y-6">
        <ChangePasswordCard />
        <SessionsCard />
      </div>
    ),
  },
  { value: 'billing', label: 'Billing', panel: () => <BillingTab /> },
  { value: 'users', label: 'Users', panel: (user) => <UsersTab user={user} /> },
  { value: 'activity', label: 'Activity', panel: () => <ActivityLog /> },
  { value: 'api-keys', label: 'API keys', panel: (user) => <ApiKeysTab user={user} /> },
  { value: 'webhooks', label: 'Webhooks', panel: (user) => <WebhooksTab user={user} /> },
  { value: 'sso', label: 'Single sign-on', panel: (user) => <SsoTab user={user} /> },
];

/**
 * /dashboard/settings (docs/product.md#settings): Profile (with sending settings), Security
 * (password, sessions), Billing, Users, Activity (the workspace's log), API keys, Webhooks and Single sign-on.
 * The open tab is the `?tab=` parameter, so a link (a notification, the README) opens it.
 */
export function SettingsPage() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const { data: user } = useMe();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.some((t) => t.value === requested) ? requested! : 'profile';
  const row = useRef<HTMLDivElement>(null);
  const signedIn = Boolean(user);
  // On a phone the row is wider than the screen: bring the open tab (one a link opened) into view.
  useEffect(() => {
    row.current
      ?.querySelector('[role="tab"][data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current, signedIn]);
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader title="Settings" subtitle="Manage your profile, security, billing, team and integrations" />
      <Tabs value={current} onValueChange={(tab) => setParams({ tab }, { replace: true })}>
        {/* On a phone the row scrolls sideways rather than squeezing seven labels. */}
        <div ref={row} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            {tabs.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="shrink-0 px-3 whitespace-nowrap sm:px-4">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.panel(user)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
