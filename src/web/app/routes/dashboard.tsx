import { DashboardLayout } from '../../components/layouts/dashboard-layout';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { RequireSession } from '../../features/auth/components/require-session';

/** Route module of /dashboard/*: the session guard around the dashboard frame (a separate chunk). */
export function Component() {
  const signOut = useSignOut();
  return (
    <RequireSession>
      {(user) => (
        <DashboardLayout user={user} onSignOut={() => signOut.mutate()} isSigningOut={signOut.isPending} />
      )}
    </RequireSession>
  );
}
