import { Ban } from 'lucide-react';
import { Link, Navigate, useLocation, useMatches } from 'react-router';
import { paths } from '#shared/paths';
import { DashboardLayout } from '#web/components/layouts/dashboard-layout';
import { DashboardSkeleton } from '#web/components/layouts/dashboard-skeleton';
import { meQueryOptions } from '#web/data/session-queries';
import { useSignOut, useSwitchWorkspace } from '#web/data/session-mutations';
import { EmailVerificationBanner } from '#web/features/auth/components/email-verification-banner';
import { RequireSession } from '#web/features/auth/components/require-session';
import { NotificationsMenu } from '#web/features/notifications/components/notifications-menu';
import { headingOf } from '#web/lib/page-head';
import { EmptyState } from '#web/components/ui/page-states';
import { Button } from '#web/components/ui/button';
import { workspaceMessages } from '#shared/roles';
import type { Me } from '#shared/schemas/auth';
import type { RoutePrefetch } from '../route-prefetch';

/** The session check, started before the first render so that render shows the frame, not its skeleton. */
export const prefetch: RoutePrefetch = (client) => client.prefetchQuery(meQueryOptions());

/**
 * The dashboard pages a member with the Client role may open (docs/decisions/040-client-role.md):
 * their client's placements and report, as the sidebar's clientNavItems lists them, and their own
 * account's settings (profile, password, two-factor sign-in, sessions). The server
 * refuses them everything else anyway (auth/client-routes.ts).
 */
const CLIENT_PATHS: readonly string[] = [paths.placements, paths.reports, paths.settings];

/** What a Client sees on any other dashboard page: a state that says so, not a page that fails. */
function NotAvailableForRole() {
  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-8">
      <EmptyState
        icon={Ban}
        title="Not available for your role"
        action={
          <Button asChild>
            <Link to={paths.placements}>Go to your placements</Link>
          </Button>
        }
      >
        {workspaceMessages.clientOnly}
      </EmptyState>
    </div>
  );
}

/**
 * The page a Client's dashboard shows instead of the route's: none on their own pages, their
 * placements on the dashboard's home, the "not available" state elsewhere.
 */
function clientContent(user: Me, pathname: string) {
  if (user.role !== 'client') return undefined;
  const path = pathname.replace(/\/+$/, '');
  if (CLIENT_PATHS.includes(path)) return undefined;
  if (path === paths.dashboard) return <Navigate to={paths.placements} replace />;
  return <NotAvailableForRole />;
}

/**
 * Route module of /dashboard/*: the session guard around the dashboard frame (a separate chunk); the
 * frame's skeleton, as the server sent it, while the session check runs.
 */
export function Component() {
  const signOut = useSignOut();
  const switchWorkspace = useSwitchWorkspace();
  const heading = headingOf(useMatches().map((match) => match.handle));
  const { pathname } = useLocation();
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
            notifications={(className) =>
              user.role === 'client' ? null : <NotificationsMenu className={className} />
            }
            banner={<EmailVerificationBanner user={user} />}
            content={clientContent(user, pathname)}
          />
        )
      }
    </RequireSession>
  );
}
