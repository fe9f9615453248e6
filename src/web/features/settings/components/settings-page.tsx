import { PageSpinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../../components/ui/page-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ActivityLog } from '../../activity/components/activity-log';
import { useMe } from '../../auth/api/session-queries';
import { BillingTab } from './billing-tab';
import { ChangePasswordCard } from './change-password-card';
import { ProfileTab } from './profile-tab';
import { SendingSettingsCard } from './sending-settings-card';
import { SessionsCard } from './sessions-card';
import { UsersTab } from './users-tab';

/** On a phone the five tabs share the row evenly (narrower padding), so the last does not run off it. */
const tabTrigger = 'flex-1 px-2 sm:flex-none sm:px-4';

/**
 * /dashboard/settings (docs/product.md#settings): the signed-in user's Profile (with sending settings),
 * Security (password, sessions), Billing, Users and Activity (the workspace's log) tabs.
 */
export function SettingsPage() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const { data: user } = useMe();
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader title="Settings" subtitle="Manage your profile, security, billing and team" />
      <Tabs defaultValue="profile">
        <TabsList className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="profile" className={tabTrigger}>
            Profile
          </TabsTrigger>
          <TabsTrigger value="security" className={tabTrigger}>
            Security
          </TabsTrigger>
          <TabsTrigger value="billing" className={tabTrigger}>
            Billing
          </TabsTrigger>
          <TabsTrigger value="users" className={tabTrigger}>
            Users
          </TabsTrigger>
          <TabsTrigger value="activity" className={tabTrigger}>
            Activity
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <div className="space-y-6">
            <ProfileTab user={user} />
            <SendingSettingsCard user={user} />
          </div>
        </TabsContent>
        <TabsContent value="security">
          <div className="space-y-6">
            <ChangePasswordCard />
            <SessionsCard />
          </div>
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab user={user} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}
