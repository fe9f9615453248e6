import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  connectMailboxSchema,
  mailboxMessages as m,
  mailboxPresets,
  oauthMessages,
  type ConnectMailboxInput,
  type OAuthMailboxProvider,
} from '#shared/schemas/mailboxes';
import { FailureAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { ApiError } from '#web/lib/api-error';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { startOAuthConnect, useConnectMailbox, useOAuthAvailability } from '#web/data/email-account-queries';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { DailyLimitField } from './mailbox-settings-dialog';

type Output = z.output<typeof connectMailboxSchema>;
const empty: ConnectMailboxInput = {
  email: '',
  smtpHost: '',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  imapHost: '',
  imapPort: 993,
  imapSecurity: 'tls',
  username: '',
  password: '',
  dailyLimit: 30,
};
const fields = Object.keys(empty) as (keyof ConnectMailboxInput)[];
const securityOptions = [
  { value: 'tls', label: 'SSL/TLS' },
  { value: 'starttls', label: 'STARTTLS' },
  { value: 'none', label: 'None' },
] as const;
const CUSTOM = 'custom';
/** Outlook.com and Microsoft 365 refuse passwords for SMTP and IMAP: this preset points to the Microsoft sign-in. */
const MICROSOFT_PRESET: (typeof mailboxPresets)[number]['name'] = 'Outlook / Microsoft 365';
const presetOptions = [
  ...mailboxPresets.map((p) => ({ value: p.name, label: p.name })),
  { value: CUSTOM, label: 'Other provider (enter servers)' },
];

/** Host, port and security of one of the two servers (SMTP sends, IMAP reads replies). */
function ServerFieldset({
  form,
  protocol,
  legend,
}: {
  form: UseFormReturn<ConnectMailboxInput, unknown, Output>;
  protocol: 'smtp' | 'imap';
  legend: string;
}) {
  const name = protocol.toUpperCase();
  const errors = form.formState.errors;
  const securityId = `mailbox-${protocol}-security`;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[1fr_7rem_9rem]">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <TextField
        label={`${name} Host`}
        placeholder={`${protocol}.example.com`}
        error={errors[`${protocol}Host`]?.message}
        {...form.register(`${protocol}Host`)}
      />
      <TextField
        label={`${name} Port`}
        type="number"
        error={errors[`${protocol}Port`]?.message}
        {...form.register(`${protocol}Port`)}
      />
      <div>
        <Label htmlFor={securityId}>{`${name} Security`}</Label>
        <Controller
          control={form.control}
          name={`${protocol}Security`}
          render={({ field }) => (
            <Select
              id={securityId}
              className="mt-1.5"
              value={field.value}
              onValueChange={field.onChange}
              options={securityOptions}
            />
          )}
        />
      </div>
    </fieldset>
  );
}

/** Connects Gmail or Microsoft: asks the server for the provider's URL and goes there. */
function ConnectWithOAuth({ provider }: { provider: OAuthMailboxProvider }) {
  const messages = oauthMessages[provider];
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connect = async () => {
    setPending(true);
    setError(null);
    try {
      window.location.assign(await startOAuthConnect(provider));
    } catch (caught) {
      setPending(false);
      setError(
        caught instanceof ApiError
          ? caught.isClientError
            ? caught.message
            : messages.failed
          : (caught as Error).message,
      );
    }
  };
  return (
    <div className="space-y-3">
      <Button type="button" variant="outline" className="w-full" loading={pending} onClick={connect}>
        <Mail aria-hidden className="size-4" /> {messages.connect}
      </Button>
      <FailureAlert title={messages.failed} reason={error} />
    </div>
  );
}

/**
 * The Connect Email Account dialog: Gmail by Google sign-in and Outlook.com and Microsoft 365
 * by Microsoft sign-in, each when the server has that OAuth client, or any provider by SMTP and IMAP. The server logs in
 * to both before it stores anything and its reason is shown when it cannot.
 */
export function ConnectMailboxDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const connect = useConnectMailbox();
  const offered = useOAuthAvailability().data;
  const gmailOffered = offered?.gmail === true;
  const microsoftOffered = offered?.microsoft === true;
  const [error, setError] = useState<string | null>(null);
  const [preset, setPreset] = useState<string>(CUSTOM);
  const form = useForm<ConnectMailboxInput, unknown, Output>({
    resolver: zodResolver(connectMailboxSchema),
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const close = (next: boolean) => {
    if (connect.isPending) return;
    onOpenChange(next);
    if (!next) {
      form.reset(empty);
      setPreset(CUSTOM);
      setError(null);
    }
  };
  const choosePreset = (name: string) => {
    setPreset(name);
    const chosen = mailboxPresets.find((p) => p.name === name);
    if (!chosen) return;
    const { name: _name, ...servers } = chosen;
    for (const [key, value] of Object.entries(servers))
      form.setValue(key as keyof typeof servers, value, { shouldValidate: form.formState.isSubmitted });
  };

  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      await connect.mutateAsync(values).then(
        () => {
          toast.success(m.connected);
          onOpenChange(false);
          form.reset(empty);
          setPreset(CUSTOM);
        },
        (caught: unknown) => {
          if (applyServerIssues(caught, fields, form.setError)) return;
          setError(refusalMessage(caught, m.connectFailed));
        },
      );
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Connect Email Account"
        description="Send outreach from your own mailbox. Credentials are stored encrypted."
        className="max-w-2xl"
      >
        {(gmailOffered || microsoftOffered) && (
          <>
            <div className="space-y-3">
              {gmailOffered && <ConnectWithOAuth provider="gmail" />}
              {microsoftOffered && <ConnectWithOAuth provider="microsoft" />}
            </div>
            <div className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" /> or SMTP / IMAP
              <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
            </div>
          </>
        )}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div>
            <Label htmlFor="mailbox-preset">Provider</Label>
            <Select
              id="mailbox-preset"
              className="mt-1.5"
              value={preset}
              onValueChange={choosePreset}
              options={presetOptions}
            />
            {preset === MICROSOFT_PRESET && (
              <p role="note" className="mt-1.5 text-sm text-amber-700 dark:text-amber-400">
                {microsoftOffered ? m.microsoftPreset : m.microsoftPresetUnavailable}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <DailyLimitField error={errors.dailyLimit?.message} {...form.register('dailyLimit')} />
            <TextField
              label="User Name"
              autoComplete="username"
              error={errors.username?.message}
              {...form.register('username')}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
          </div>
          <ServerFieldset form={form} protocol="smtp" legend="Outgoing mail (SMTP)" />
          <ServerFieldset form={form} protocol="imap" legend="Incoming mail (IMAP)" />
          <FailureAlert title={m.connectFailed} reason={error} />
          <DialogFormFooter
            onCancel={() => close(false)}
            cancelDisabled={connect.isPending}
            submitLabel={connect.isPending ? 'Checking the connection…' : 'Connect'}
            pending={connect.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
