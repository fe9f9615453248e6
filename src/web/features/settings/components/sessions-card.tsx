import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useSignOutOtherSessions } from '../api/account-security-mutations';
import { useAccountSessions } from '../api/account-security-queries';

const m = messages.auth;

/**
 * Settings → Security: where the account is signed in (browser and system, address, last activity),
 * this session marked, and a button that signs out all the others after a confirmation.
 */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const signOut = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data ? sessions.data.total - 1 : 0;
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Sessions</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Where your account is signed in.
            </p>
          </div>
          <Button variant="outline" disabled={others <= 0} onClick={() => setConfirming(true)}>
            Sign Out Other Sessions
          </Button>
        </div>
        {sessions.isPending ? (
          <TableSkeleton rows={2} />
        ) : sessions.isError ? (
          <ErrorState message={m.loadSessionsFailed} onRetry={() => sessions.refetch()} />
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.data.sessions.map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-3">
                <MonitorSmartphone aria-hidden className="size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">
                    {s.device ?? 'Unknown browser'}
                    {s.current && (
                      <Badge tone="success" className="ml-2">
                        This device
                      </Badge>
                    )}
                  </p>
                  <p className="truncate text-slate-500 dark:text-slate-400">
                    {[s.ipAddress, `last active ${formatDateTime(s.lastActiveAt)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </li>
            ))}
            {sessions.data.total > sessions.data.sessions.length && (
              <li className="py-3 text-sm text-slate-500 dark:text-slate-400">
                and {sessions.data.total - sessions.data.sessions.length} more
              </li>
            )}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out other sessions?"
        description={`Every other browser and device signed in to your account (${others}) is signed out. This one stays signed in.`}
        confirmLabel="Sign Out Others"
        pending={signOut.isPending}
        onConfirm={() =>
          signOut.mutate(undefined, {
            onSuccess: ({ signedOut }) => {
              setConfirming(false);
              toast.success(m.sessionsSignedOut(signedOut));
            },
            onError: (caught) => toast.error(refusalMessage(caught, m.signOutOthersFailed)),
          })
        }
      />
    </Card>
  );
}
