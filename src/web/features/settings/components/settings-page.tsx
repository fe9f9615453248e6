import { useEffect, useRef, type ReactNode } from 'react';
import type { Me } from '#shared/schemas/auth';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '#web/components/ui/spinner';
import { PageHeader } from '#web/components/ui/page-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useMe } from '#web/data/session-queries';
import { BillingTab } from './billing-tab';
import { ChangePasswordCard } from './change-password-card';
import { ProfileTab } from './profile-tab';
import { SendingSettingsCard } from './sending-settings-card';
import { SessionsCard } from './sessions-card';
import { UsersTab } from './users-tab';

/** A tab of the settings page: the `?tab=` value, the label, and the panel for the signed-in user. */
export interface SettingsTab {
  value: string;
  label: string;
  panel: (user: Me) => ReactNode;
  /** Shown only to Full Access members (the System tab). */
  fullAccessOnly?: boolean;
  /** Shown to a Client too: their own account's tabs (docs/decisions/040-client-role.md). */
  forClients?: boolean;
}

/** The page's own tabs, in order, with the sign-in security cards another feature owns. */
function ownTabs(securityCards: SettingsTab['panel']): SettingsTab[] {
  return [
    {
      value: 'profile',
      label: 'Profile',
      forClients: true,
      panel: (user) => (
        <div className="space-y-6">
          <ProfileTab user={user} />
          {user.role !== 'client' && <SendingSettingsCard user={user} />}
        </div>
      ),
    },
    {
      value: 'security',
      label: 'Security',
      forClients: true,
      panel: (user) => (
        <div className="space-y-6">
          <ChangePasswordCard />
          {securityCards(user)}
          <SessionsCard />
        </div>
      ),
    },
    { value: 'billing', label: 'Billing', panel: () => <BillingTab /> },
    { value: 'users', label: 'Users', panel: (user) => <UsersTab user={user} /> },
  ];
}

/**
 * /dashboard/settings (docs/product.md#settings): Profile (with sending settings), Security
 * (password, two-factor sign-in, passkeys, the workspace's 2FA requirement, sessions), Billing, Users,
 * Activity (the workspace's log), API keys, Webhooks, Single sign-on and (Full Access only) System;
 * a Client has Profile and Security only, without the workspace's settings. The open tab is the `?tab=` parameter, so a
 * link (a notification, the README) opens it. `workspaceTabs` (Activity, API keys, Webhooks, SSO) and
 * `securityCards` (two-factor sign-in and passkeys) come from their own features, put in by the
 * route module (app/routes/settings.tsx): a feature renders no other feature's components.
 */
export function SettingsPage({
  workspaceTabs = [],
  securityCards = () => null,
}: { workspaceTabs?: SettingsTab[]; securityCards?: SettingsTab['panel'] } = {}) {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const { data: user } = useMe();
  const tabs = [...ownTabs(securityCards), ...workspaceTabs].filter((t) =>
    user?.role === 'client' ? t.forClients : !t.fullAccessOnly || user?.workspace.role === 'full',
  );
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
      <PageHeader
        title="Settings"
        subtitle={
          user?.role === 'client'
            ? 'Manage your profile and how you sign in'
            : 'Manage your profile, security, billing, team and integrations'
        }
      />
      <Tabs value={current} onValueChange={(tab) => setParams({ tab }, { replace: true })}>
        {/* Narrower than a desktop the row scrolls sideways rather than squeezing twelve labels; on a
            desktop it wraps, so every tab is in view. */}
        <div ref={row} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 lg:overflow-visible">
          <TabsList className="lg:flex-wrap">
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
