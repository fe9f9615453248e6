import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paths } from '#shared/paths';
import {
  campaignOutreachInputSchema,
  outreachMessages as m,
  type CampaignOutreach,
} from '#shared/schemas/outreach';
import { Badge } from '#web/components/ui/badge';
import { Checkbox } from '#web/components/ui/checkbox';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useEmailAccounts } from '#web/data/email-account-queries';
import { useSequencePage } from '#web/data/sequence-queries';
import { useSaveCampaignOutreach } from '../api/outreach-queries';

type Input = z.input<typeof campaignOutreachInputSchema>;
type Output = z.output<typeof campaignOutreachInputSchema>;

/** Sequences offered in the select: the newest this many (a user has a handful). */
const SEQUENCE_CHOICES = 100;

const errorText = 'text-sm text-red-600 dark:text-red-400';
const linkClass = 'font-medium text-indigo-700 hover:underline dark:text-indigo-300';

interface OutreachSettingsDialogProps {
  campaignId: string;
  settings: CampaignOutreach;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Chooses a campaign's mailboxes (several are rotated over its prospects), its email sequence and
 * whether opens and clicks are tracked (docs/decisions/009-outreach-sending.md).
 */
export function OutreachSettingsDialog({
  campaignId,
  settings,
  open,
  onOpenChange,
}: OutreachSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Outreach Settings"
        description="Messages go out from these mailboxes, one after another, following the sequence."
      >
        {open && (
          <SettingsForm campaignId={campaignId} settings={settings} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({
  campaignId,
  settings,
  onDone,
}: {
  campaignId: string;
  settings: CampaignOutreach;
  onDone: () => void;
}) {
  const mailboxes = useEmailAccounts();
  const sequences = useSequencePage({ page: 1, pageSize: SEQUENCE_CHOICES });
  const save = useSaveCampaignOutreach(campaignId);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(campaignOutreachInputSchema),
    defaultValues: {
      emailAccountIds: settings.emailAccountIds,
      sequenceId: settings.sequenceId ?? '',
      trackOpens: settings.trackOpens,
      trackClicks: settings.trackClicks,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(m.settingsSaved);
        onDone();
      },
      onError: (caught) => {
        if (applyServerIssues(caught, ['emailAccountIds', 'sequenceId'], form.setError)) return;
        toast.error(refusalMessage(caught, m.settingsFailed));
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Mailboxes</legend>
        {mailboxes.isPending ? (
          <Skeleton className="mt-2 h-16 w-full" />
        ) : mailboxes.isError ? (
          <p className={`mt-2 ${errorText}`}>Failed to fetch email accounts</p>
        ) : mailboxes.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            No mailbox yet.{' '}
            <Link to={paths.emails} className={linkClass}>
              Connect one under Email Accounts
            </Link>
            .
          </p>
        ) : (
          <Controller
            control={form.control}
            name="emailAccountIds"
            render={({ field }) => (
              <div className="mt-2 space-y-2">
                {mailboxes.data.map((mailbox) => (
                  <Checkbox
                    key={mailbox.id}
                    checked={field.value.includes(mailbox.id)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, mailbox.id]
                          : field.value.filter((id) => id !== mailbox.id),
                      )
                    }
                    label={
                      <span className="inline-flex flex-wrap items-center gap-2">
                        <span className="break-all">{mailbox.email}</span>
                        {mailbox.status === 'error' && <Badge tone="danger">Connection Error</Badge>}
                        {mailbox.status === 'paused' && <Badge tone="warning">Paused</Badge>}
                      </span>
                    }
                  />
                ))}
              </div>
            )}
          />
        )}
        {errors.emailAccountIds && <p className={`mt-1.5 ${errorText}`}>{errors.emailAccountIds.message}</p>}
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          With several mailboxes, prospects are shared out among them in turn.
        </p>
      </fieldset>

      <div>
        <Label htmlFor="outreach-sequence">Email sequence</Label>
        {sequences.isError ? (
          <p className={`mt-1.5 ${errorText}`}>Failed to load sequences</p>
        ) : sequences.data?.total === 0 ? (
          <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
            No sequence yet.{' '}
            <Link to={paths.sequences} className={linkClass}>
              Create one under Sequences
            </Link>
            .
          </p>
        ) : (
          <Controller
            control={form.control}
            name="sequenceId"
            render={({ field }) => (
              <Select
                id="outreach-sequence"
                className="mt-1.5"
                placeholder="Choose a sequence"
                value={field.value || undefined}
                onValueChange={field.onChange}
                invalid={Boolean(errors.sequenceId)}
                disabled={sequences.isPending}
                options={(sequences.data?.items ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.name} (${s.steps.length} ${s.steps.length === 1 ? 'step' : 'steps'})`,
                }))}
              />
            )}
          />
        )}
        {errors.sequenceId && <p className={`mt-1.5 ${errorText}`}>{errors.sequenceId.message}</p>}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Tracking</legend>
        <Checkbox
          label="Track opens"
          hint="A tiny image in each message records when it is opened."
          {...form.register('trackOpens')}
        />
        <Checkbox
          label="Track clicks"
          hint="Links go through a redirect that records the click."
          {...form.register('trackClicks')}
        />
      </fieldset>

      <DialogFormFooter
        onCancel={onDone}
        cancelDisabled={save.isPending}
        submitLabel="Save Settings"
        pending={save.isPending}
      />
    </form>
  );
}
