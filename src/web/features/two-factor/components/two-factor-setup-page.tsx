import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useSignOut, useSwitchWorkspace } from '#web/data/session-mutations';
import { TwoFactorSetupFlow } from './two-factor-setup-flow';

/**
 * /dashboard/two-factor-setup's card: where a workspace that requires two-factor sign-in sends a
 * member without it (the dashboard guard and any 403 TWO_FACTOR_REQUIRED lead here). They set it up,
 * go to another of their workspaces, or sign out; the server refuses everything else meanwhile.
 * `user` is the session the route module's check found.
 */
export function TwoFactorSetupRequired({ user }: { user: Me }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const switchWorkspace = useSwitchWorkspace();
  // Read once: turning 2FA on refreshes the user, and the backup codes must still be shown.
  const [needed] = useState(user.twoFactorRequired && !user.twoFactorEnabled);
  if (!needed) return <Navigate to={paths.dashboard} replace />;
  const others = user.workspaces.filter((w) => w.id !== user.workspace.id);
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">Set up two-factor sign-in</CardTitle>
        <CardDescription>
          {user.workspace.name} requires two-factor sign-in for every member. Set it up with an authenticator
          app to continue.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <TwoFactorSetupFlow onDone={() => void navigate(paths.dashboard, { replace: true })} />
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          {others.map((w) => (
            <Button
              key={w.id}
              variant="outline"
              size="sm"
              loading={switchWorkspace.isPending && switchWorkspace.variables === w.id}
              onClick={() => switchWorkspace.mutate(w.id)}
            >
              Go to {w.name}
            </Button>
          ))}
          <Button variant="ghost" size="sm" loading={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign Out
          </Button>
        </div>
      </CardContent>
    </>
  );
}
