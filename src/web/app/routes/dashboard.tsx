import { Navigate, useMatches } from 'react-router';
import { paths } from '#shared/paths';
import { DashboardLayout } from '#web/components/layouts/dashboard-layout';
import { DashboardSkeleton } from '#web/components/layouts/dashboard-skeleton';
import { meQueryOptions } from '#web/data/session-queries';
import { useSignOut, useSwitchWorkspace } from '#web/data/session-mutations';
import { EmailVerificationBanner } from '#web/features/auth/components/email-verification-banner';
import { RequireSession } from '#web/features/auth/components/require-session';
import { NotificationsMenu } from '#web/features/notifications/components/notifications-menu';
import { headingOf } from '#web/lib/page-head';
import type { RoutePrefetch } from '../route-prefetch';

/** The session check, started before the first render so that render shows the frame, not its skeleton. */
export const prefetch: RoutePrefetch = (client) => client.prefetchQuery(meQueryOptions());

/**
 * Route module of /dashboard/*: the session guard around the dashboard frame (a separate chunk); the
 * frame's skeleton, as the server sent it, while the session check runs.
 */
export function Component() {
  const signOut = useSignOut();
  const switchWorkspace = useSwitchWorkspace();
  const heading = headingOf(useMatches().map((match) => match.handle));
  return (
    <RequireSession pending={<DashboardSkeleton heading={heading} />}>
      {(user) =>
        // A workspace that requires two-factor sign-in shows a member without it only its set-up.
        user.twoFactorRequired && !user.twoFactorEnabled ? (
          <Navigate to={paths.twoFactorSetup} replace />
        ) : (
          <DashboardLayout
            user={user}
            onSignOut={() => signOut.mutate()}
            isSigningOut={signOut.isPending}
            onSwitchWorkspace={(id) => switchWorkspace.mutate(id)}
            notifications={(className) => <NotificationsMenu className={className} />}
            banner={<EmailVerificationBanner user={user} />}
          />
        )
      }
    </RequireSession>
  );
}
