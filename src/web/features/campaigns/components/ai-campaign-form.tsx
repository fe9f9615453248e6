import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '#shared/paths';
import { aiCampaignFormSchema, campaignMessages as m, type Campaign } from '#shared/schemas/campaigns';
import { discoveryMessages } from '#shared/schemas/discovery';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useCreateCampaign, useFindProspects } from '../api/campaign-mutations';
import { useConnectedEmailAccounts } from '../api/campaign-queries';
import { CampaignBasicsFields } from './campaign-basics-fields';
import { useSingleFlight } from '#web/lib/use-single-flight';

type Input = z.input<typeof aiCampaignFormSchema>;
type Output = z.output<typeof aiCampaignFormSchema>;
const NO_ACCOUNT = 'none';

/**
 * The AI campaign form (docs/product.md#validation). Submitting creates the campaign ('Creating Campaign...') and then asks
 * for prospects ('Finding Prospects...'); success opens the campaign. If finding fails, the error shows
 * here (docs/product.md#states) with a way into the campaign, which exists by then; trying again only retries finding.
 */
export function AiCampaignForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(aiCampaignFormSchema),
    defaultValues: {
      name: '',
      websiteUrl: '',
      clientId: null,
      competitors: [''],
      prospects: 50,
      emailAccountId: null,
    },
  });
  const accounts = useConnectedEmailAccounts();
  const create = useCreateCampaign();
  const find = useFindProspects();
  const [phase, setPhase] = useState<'idle' | 'creating' | 'finding'>('idle');
  const [created, setCreated] = useState<Campaign | null>(null);
  const [error, setError] = useState<string | null>(null);

  // One campaign per submit: a double click must not create two.
  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      let campaign = created;
      if (!campaign) {
        setPhase('creating');
        try {
          campaign = await create.mutateAsync({ type: 'ai', ...values });
          setCreated(campaign);
        } catch (caught) {
          setPhase('idle');
          if (!applyServerIssues(caught, ['name', 'websiteUrl', 'clientId', 'prospects'], form.setError))
            setError(refusalMessage(caught, m.createFailed));
          return;
        }
      }
      setPhase('finding');
      try {
        await find.mutateAsync(campaign.id);
        await navigate(paths.campaign(campaign.id));
      } catch (caught) {
        setPhase('idle');
        setError(refusalMessage(caught, discoveryMessages.failed));
      }
    }),
  );

  const emailOptions = [
    { value: NO_ACCOUNT, label: 'No email account' },
    ...(accounts.data ?? []).map((a) => ({ value: a.id, label: a.email })),
  ];
  const busy = phase !== 'idle';
  const label =
    phase === 'creating'
      ? 'Creating Campaign...'
      : phase === 'finding'
        ? 'Finding Prospects...'
        : created
          ? 'Try Finding Prospects Again'
          : 'Create Campaign';

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <fieldset disabled={busy || Boolean(created)} className="space-y-4">
          <CampaignBasicsFields />
          <TextField
            label="Number of prospects"
            type="number"
            min={5}
            max={1000}
            error={form.formState.errors.prospects?.message}
            {...form.register('prospects', { valueAsNumber: true })}
          />
          <div>
            <Label htmlFor="ai-email-account">Email account (optional)</Label>
            <Controller
              control={form.control}
              name="emailAccountId"
              render={({ field }) => (
                <Select
                  id="ai-email-account"
                  className="mt-1.5"
                  value={field.value ?? NO_ACCOUNT}
                  onValueChange={(v) => field.onChange(v === NO_ACCOUNT ? null : v)}
                  options={emailOptions}
                  disabled={accounts.isPending || busy || Boolean(created)}
                />
              )}
            />
            {accounts.isError && (
              <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{m.fetchEmailAccountsFailed}</p>
            )}
          </div>
        </fieldset>
        {error && (
          <Alert variant="destructive">
            <p>{error}</p>
            {created && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={() => navigate(paths.campaign(created.id))}
              >
                Open the campaign
              </Button>
            )}
          </Alert>
        )}
        <DialogFormFooter
          onCancel={onBack}
          cancelLabel="Back"
          cancelDisabled={busy}
          submitLabel={label}
          pending={busy}
        />
      </form>
    </FormProvider>
  );
}
