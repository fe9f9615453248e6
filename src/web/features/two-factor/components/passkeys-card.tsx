import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { twoFactorMessages, type PasskeySummary } from '#shared/schemas/two-factor';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { TextField } from '#web/components/ui/text-field';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/two-factor-api';
import { PasskeyCancelled } from '#web/lib/webauthn';

/**
 * Settings → Security: passkeys (WebAuthn). Each signs in without a password or code, checked by
 * the device (fingerprint, face, PIN). Add one of this device with an optional name; remove one
 * after a confirmation.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const onAdd = () =>
    add.mutate(name, {
      onSuccess: () => {
        setName('');
        toast.success(twoFactorMessages.passkeyAdded);
      },
      onError: (caught) => {
        if (!(caught instanceof PasskeyCancelled))
          toast.error(refusalMessage(caught, twoFactorMessages.passkeyFailed));
      },
    });
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Passkeys</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Sign in with your fingerprint, face or device PIN instead of your password and code.
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            label="Name (optional)"
            placeholder="Work laptop"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            className="flex-1"
          />
          <Button type="button" loading={add.isPending} onClick={onAdd}>
            <KeyRound aria-hidden className="size-4" />
            Add a Passkey
          </Button>
        </div>
        {list.isPending ? (
          <TableSkeleton rows={2} />
        ) : list.isError ? (
          <ErrorState message="Failed to load passkeys" onRetry={() => list.refetch()} />
        ) : list.data.passkeys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No passkeys yet">
            Add one to sign in with this device.
          </EmptyState>
        ) : (
          <ul aria-label="Passkeys" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {list.data.passkeys.map((p) => (
              <li key={p.id} className="flex items-center gap-3 py-3">
                <KeyRound aria-hidden className="size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium">
                    {p.name ?? 'Passkey'}
                    {p.synced && (
                      <Badge tone="neutral" className="ml-2">
                        Synced
                      </Badge>
                    )}
                  </p>
                  <p className="text-slate-500 dark:text-slate-400">Added {formatDateTime(p.createdAt)}</p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRemoving(p)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this passkey?"
        description={`${removing?.name ?? 'This passkey'} will no longer sign you in.`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(twoFactorMessages.passkeyRemoved);
            },
            onError: (caught) => toast.error(refusalMessage(caught, 'Failed to remove the passkey')),
          })
        }
      />
    </Card>
  );
}
