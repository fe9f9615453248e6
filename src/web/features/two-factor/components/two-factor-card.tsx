import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { useTwoFactorStatus } from '#web/data/session-queries';
import { BackupCodesDialog, DisableTwoFactorDialog } from './two-factor-dialogs';
import { TwoFactorSetupFlow } from './two-factor-setup-flow';

/**
 * Settings → Security: two-factor sign-in with an authenticator app. Off: a button starts the set-up
 * (password, QR code, first code, backup codes). On: new backup codes, or turn it off (password and
 * a code; in a workspace that requires it, the user is then asked to set it up again). An account
 * without a password (made by single sign-on) has no code step: the card says so.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [settingUp, setSettingUp] = useState(false);
  const [dialog, setDialog] = useState<'codes' | 'disable' | null>(null);
  const enabled = status.data?.enabled ?? false;
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              Two-factor sign-in
              {status.data && !settingUp && (
                <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
              )}
            </h2>
            {status.data?.hasPassword !== false && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                After your password, signing in asks for a code from an authenticator app on your phone.
              </p>
            )}
          </div>
        </div>
        <div className="mt-4">
          {status.isPending ? (
            <TableSkeleton rows={1} />
          ) : status.isError ? (
            <ErrorState message="Failed to load two-factor sign-in" onRetry={() => status.refetch()} />
          ) : settingUp ? (
            <TwoFactorSetupFlow onDone={() => setSettingUp(false)} />
          ) : !enabled && !status.data.hasPassword ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Your account signs in through your workspace’s single sign-on and has no password, so there is
              no code step to set up here: your identity provider decides how you prove who you are.
            </p>
          ) : enabled ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog('codes')}>
                New Backup Codes
              </Button>
              <Button variant="outline" onClick={() => setDialog('disable')}>
                Turn Off
              </Button>
            </div>
          ) : (
            <Button onClick={() => setSettingUp(true)}>
              <ShieldCheck aria-hidden className="size-4" />
              Set Up Two-Factor
            </Button>
          )}
        </div>
      </CardContent>
      <BackupCodesDialog
        open={dialog === 'codes'}
        onOpenChange={(open) => setDialog(open ? 'codes' : null)}
      />
      <DisableTwoFactorDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
      />
    </Card>
  );
}
