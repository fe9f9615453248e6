import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { clientOptionsQuery } from '#web/data/client-options';
import { CompetitorInputs } from './competitor-inputs';

/** The fields both campaign forms share. */
export interface CampaignBasicsValues {
  name: string;
  websiteUrl: string;
  competitors: string[];
  /** The client the campaign works for; null for the agency's own (docs/decisions/034-clients-and-placements.md). */
  clientId?: string | null;
}

const NO_CLIENT = 'none';

/**
 * The client picker: shown once the workspace has clients (without any there is nothing to pick,
 * and a newcomer's form stays short). A won prospect's placement then counts for that client.
 */
function ClientField() {
  const { control, formState } = useFormContext<CampaignBasicsValues>();
  const clients = useQuery(clientOptionsQuery());
  if (!clients.data?.length) return null;
  const options = [
    { value: NO_CLIENT, label: 'No client (your own site)' },
    ...clients.data.map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <div>
      <Label htmlFor="campaign-client">Client (optional)</Label>
      <Controller
        control={control}
        name="clientId"
        render={({ field }) => (
          <Select
            id="campaign-client"
            className="mt-1.5"
            value={field.value ?? NO_CLIENT}
            onValueChange={(v) => field.onChange(v === NO_CLIENT ? null : v)}
            options={options}
            disabled={formState.isSubmitting}
          />
        )}
      />
      {formState.errors.clientId && (
        <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{formState.errors.clientId.message}</p>
      )}
    </div>
  );
}

/**
 * Name, website URL, client and competitors (docs/product.md#validation: the same rules on the AI
 * and the manual form).
 */
export function CampaignBasicsFields() {
  const { register, control, formState } = useFormContext<CampaignBasicsValues>();
  const competitorErrors = formState.errors.competitors as
    (FieldError & { root?: FieldError } & (FieldError | undefined)[]) | undefined;
  return (
    <>
      <TextField label="Campaign name" error={formState.errors.name?.message} {...register('name')} />
      <TextField
        label="Website URL"
        placeholder="https://yoursite.com"
        inputMode="url"
        error={formState.errors.websiteUrl?.message}
        {...register('websiteUrl')}
      />
      <ClientField />
      <Controller
        control={control}
        name="competitors"
        render={({ field }) => (
          <CompetitorInputs
            value={field.value}
            onChange={field.onChange}
            rowErrors={Array.from(
              { length: field.value.length || 1 },
              (_, i) => competitorErrors?.[i]?.message,
            )}
            listError={competitorErrors?.message ?? competitorErrors?.root?.message}
          />
        )}
      />
    </>
  );
}
