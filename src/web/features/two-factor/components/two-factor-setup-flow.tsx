import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  confirmTwoFactorSchema,
  passwordConfirmSchema,
  twoFactorMessages,
  type ConfirmTwoFactorInput,
  type PasswordConfirmInput,
  type TwoFactorSetup,
} from '#shared/schemas/two-factor';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from '../api/two-factor-api';
import { BackupCodesList } from './backup-codes-list';

const failed = 'Something went wrong. Please try again.';

/** Step 1: the password, which better-auth asks for before it makes a secret. */
function PasswordStep({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordConfirmInput>({
    resolver: zodResolver(passwordConfirmSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (caught) => {
        if (!applyServerIssues(caught, ['password'], form.setError)) setError(refusalMessage(caught, failed));
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" loading={start.isPending}>
        Continue
      </Button>
    </form>
  );
}

/** Step 2: the QR code and the manual key, then the app's first code. */
function ScanStep({ setup, onConfirmed }: { setup: TwoFactorSetup; onConfirmed: () => void }) {
  const confirm = useConfirmTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ConfirmTwoFactorInput>({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    confirm.mutate(values, {
      onSuccess: onConfirmed,
      onError: (caught) => {
        if (!applyServerIssues(caught, ['code'], form.setError)) setError(refusalMessage(caught, failed));
      },
    });
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy …).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="rounded-lg bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p className="font-medium">Can’t scan it? Enter this key:</p>
          <code
            data-testid="manual-key"
            className="mt-1 block rounded-md bg-slate-100 px-2 py-1 font-mono text-xs break-all dark:bg-slate-800"
          >
            {setup.manualKey}
          </code>
          <p className="mt-1 text-slate-500 dark:text-slate-400">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        {error && <Alert variant="destructive">{error}</Alert>}
        <Button type="submit" loading={confirm.isPending}>
          Turn On
        </Button>
      </form>
    </div>
  );
}

/**
 * Setting up two-factor sign-in (Settings → Security, and the page a workspace's policy opens):
 * the password, then the QR code and manual key with the app's first code, then the ten backup
 * codes to keep. `onDone` runs when the user has seen the codes.
 */
export function TwoFactorSetupFlow({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  if (!setup) return <PasswordStep onStarted={setSetup} />;
  if (!confirmed)
    return (
      <ScanStep
        setup={setup}
        onConfirmed={() => {
          setConfirmed(true);
          toast.success(twoFactorMessages.enabled);
        }}
      />
    );
  return (
    <div className="space-y-4">
      <BackupCodesList codes={setup.backupCodes} />
      <Button type="button" onClick={onDone}>
        I’ve saved my codes
      </Button>
    </div>
  );
}
