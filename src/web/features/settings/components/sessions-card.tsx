import { Monitor, MonitorSmartphone, Smartphone, Tablet, Tv } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import type { AccountSessionList } from '#shared/schemas/auth';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useEndSession, useSignOutOtherSessions } from '../api/account-security-mutations';
import { useAccountSessions } from '../api/account-security-queries';

const m = messages.auth;

/** The icon and words for a session's kind of device (bowser's platform type). */
const deviceKinds = {
  desktop: { icon: Monitor, label: 'Computer' },
  mobile: { icon: Smartphone, label: 'Phone' },
  tablet: { icon: Tablet, label: 'Tablet' },
  tv: { icon: Tv, label: 'TV' },
} as const;
const unknownKind = { icon: MonitorSmartphone, label: 'Unknown device' };

type Session = AccountSessionList['sessions'][number];

/**
 * Settings → Security: where the account is signed in (kind of device, browser and system, address,
 * sign-in and last activity), this session marked; each other session can be signed out, and a
 * button signs out all the others, each after a confirmation.
 */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const signOut = useSignOutOtherSessions();
  const endSession = useEndSession();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<Session | null>(null);
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
            {sessions.data.sessions.map((s) => {
              const kind = (s.deviceType && deviceKinds[s.deviceType]) || unknownKind;
              const Icon = kind.icon;
              return (
                <li key={s.id} className="flex items-center gap-3 py-3">
                  <Icon aria-label={kind.label} role="img" className="size-5 shrink-0 text-slate-400" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">
                      {s.device ?? 'Unknown browser'}
                      {s.current && (
                        <Badge tone="success" className="ml-2">
                          This device
                        </Badge>
                      )}
                    </p>
                    <p className="text-slate-500 dark:text-slate-400">
                      {[kind.label, s.ipAddress ?? 'address unknown'].join(' · ')}
                    </p>
                    <p className="text-slate-500 dark:text-slate-400">
                      Signed in {formatDateTime(s.createdAt)} · last active {formatDateTime(s.lastActiveAt)}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out ${s.device ?? 'unknown browser'}${s.ipAddress ? ` at ${s.ipAddress}` : ''}`}
                      onClick={() => setEnding(s)}
                    >
                      Sign Out
                    </Button>
                  )}
                </li>
              );
            })}
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
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title="Sign out this session?"
        description={`${ending?.device ?? 'This browser'}${ending?.ipAddress ? ` at ${ending.ipAddress}` : ''} is signed out at its next request.`}
        confirmLabel="Sign Out"
        pending={endSession.isPending}
        onConfirm={() =>
          ending &&
          endSession.mutate(ending.id, {
            onSuccess: () => {
              setEnding(null);
              toast.success(m.sessionEnded);
            },
            onError: (caught) => toast.error(refusalMessage(caught, m.endSessionFailed)),
          })
        }
      />
    </Card>
  );
}
