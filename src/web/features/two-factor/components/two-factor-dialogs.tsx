import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  disableTwoFactorSchema,
  passwordConfirmSchema,
  twoFactorMessages,
  type DisableTwoFactorInput,
  type PasswordConfirmInput,
} from '#shared/schemas/two-factor';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogFormFooter } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useDisableTwoFactor, useRegenerateBackupCodes } from '../api/two-factor-api';
import { BackupCodesList } from './backup-codes-list';

const failed = 'Something went wrong. Please try again.';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Turning two-factor sign-in off: the password and a code from the app (or a backup code). */
export function DisableTwoFactorDialog({ open, onOpenChange }: DialogProps) {
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const close = () => {
    form.reset();
    setError(null);
    onOpenChange(false);
  };
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    disable.mutate(values, {
      onSuccess: () => {
        toast.success(twoFactorMessages.disabled);
        close();
      },
      onError: (caught) => {
        if (!applyServerIssues(caught, ['password', 'code'], form.setError))
          setError(refusalMessage(caught, failed));
      },
    });
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Turn off two-factor sign-in?"
        description="Signing in will need only your password. Confirm with your password and a code."
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="Code from the app, or a backup code"
            autoComplete="one-time-code"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          {error && <Alert variant="destructive">{error}</Alert>}
          <DialogFormFooter onCancel={close} submitLabel="Turn Off" pending={disable.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** New backup codes: the password, then the ten codes (the old ones stop working). */
export function BackupCodesDialog({ open, onOpenChange }: DialogProps) {
  const regenerate = useRegenerateBackupCodes();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordConfirmInput>({
    resolver: zodResolver(passwordConfirmSchema),
    defaultValues: { password: '' },
  });
  const close = () => {
    form.reset();
    regenerate.reset();
    setError(null);
    onOpenChange(false);
  };
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    regenerate.mutate(values, {
      onError: (caught) => {
        if (!applyServerIssues(caught, ['password'], form.setError)) setError(refusalMessage(caught, failed));
      },
    });
  });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="New backup codes"
        description="Your old backup codes stop working as soon as the new ones are made."
      >
        {regenerate.data ? (
          <>
            <BackupCodesList codes={regenerate.data.backupCodes} />
            <DialogFooter>
              <Button type="button" onClick={close}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            {error && <Alert variant="destructive">{error}</Alert>}
            <DialogFormFooter onCancel={close} submitLabel="Make New Codes" pending={regenerate.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
