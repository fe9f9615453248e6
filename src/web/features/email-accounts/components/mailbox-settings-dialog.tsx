import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  mailboxMessages as m,
  mailboxSettingsSchema,
  type Mailbox,
  type MailboxSettingsInput,
} from '#shared/schemas/mailboxes';
import { FailureAlert } from '#web/components/ui/alert';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useUpdateMailbox } from '#web/data/email-account-queries';

type Output = z.output<typeof mailboxSettingsSchema>;
const fields = [
  'dailyLimit',
  'minSpacingMinutes',
  'maxSpacingMinutes',
  'maxHardBouncePct',
  'maxPolicyBlockPct',
  'maxUnsubscribePct',
  'password',
] as const;

/** The health thresholds, as the form labels them. */
const thresholds = [
  { name: 'maxHardBouncePct', label: 'Hard bounces (%)' },
  { name: 'maxPolicyBlockPct', label: 'Policy blocks (%)' },
  { name: 'maxUnsubscribePct', label: 'Unsubscribes (%)' },
] as const;

/** A mailbox's Daily Limit input, in its schema's bounds (1 to 2000); the connect form asks for it too. */
export function DailyLimitField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Daily Limit" type="number" min={1} max={2000} {...props} />;
}

/**
 * A mailbox's sending settings: how many emails a day it may send, the random pause between two
 * of them, and the health thresholds above which it is paused (%, 0–100, checked with the same
 * schema as the server). An SMTP/IMAP mailbox also takes a new password here, checked with both servers before it
 * is stored — the way back from a connection error without disconnecting (which cancels queued emails).
 * Mounted only while open, so the form starts from the mailbox's current values.
 */
export function MailboxSettingsDialog({ mailbox, onClose }: { mailbox: Mailbox; onClose: () => void }) {
  const update = useUpdateMailbox(mailbox.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<MailboxSettingsInput, unknown, Output>({
    resolver: zodResolver(mailboxSettingsSchema),
    defaultValues: {
      dailyLimit: mailbox.dailyLimit,
      minSpacingMinutes: mailbox.minSpacingMinutes,
      maxSpacingMinutes: mailbox.maxSpacingMinutes,
      maxHardBouncePct: mailbox.maxHardBouncePct,
      maxPolicyBlockPct: mailbox.maxPolicyBlockPct,
      maxUnsubscribePct: mailbox.maxUnsubscribePct,
      password: '',
    },
  });
  const errors = form.formState.errors;
  const smtp = mailbox.provider === 'smtp';

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(values, {
      onSuccess: () => {
        toast.success(m.settingsSaved);
        onClose();
      },
      onError: (caught) => {
        if (applyServerIssues(caught, fields, form.setError)) return;
        setError(refusalMessage(caught, m.settingsFailed));
      },
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent title="Mailbox Settings" description={mailbox.email}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <DailyLimitField error={errors.dailyLimit?.message} {...form.register('dailyLimit')} />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              Pause between two emails of this mailbox: a random time in this range, so sending looks like a
              person’s.
            </legend>
            <TextField
              label="Shortest pause (minutes)"
              type="number"
              min={1}
              max={240}
              error={errors.minSpacingMinutes?.message}
              {...form.register('minSpacingMinutes')}
            />
            <TextField
              label="Longest pause (minutes)"
              type="number"
              min={1}
              max={240}
              error={errors.maxSpacingMinutes?.message}
              {...form.register('maxSpacingMinutes')}
            />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              Pause this mailbox when more than this share of its recent emails (its last 200 of the last 7
              days, from 20 on) bounce, are blocked or unsubscribe.
            </legend>
            {thresholds.map((t) => (
              <TextField
                key={t.name}
                label={t.label}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                error={errors[t.name]?.message}
                {...form.register(t.name)}
              />
            ))}
          </fieldset>
          {smtp && (
            <TextField
              label="New Password (optional)"
              type="password"
              autoComplete="new-password"
              placeholder="Leave empty to keep the current one"
              error={errors.password?.message}
              {...form.register('password')}
            />
          )}
          <FailureAlert title={m.settingsFailed} reason={error} />
          <DialogFormFooter
            onCancel={onClose}
            cancelDisabled={update.isPending}
            submitLabel={update.isPending ? 'Saving…' : 'Save'}
            pending={update.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
