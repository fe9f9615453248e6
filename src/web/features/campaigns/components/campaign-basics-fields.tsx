import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { TextField } from '#web/components/ui/text-field';
import { CompetitorInputs } from './competitor-inputs';

/** The fields both campaign forms share. */
export interface CampaignBasicsValues {
  name: string;
  websiteUrl: string;
  competitors: string[];
}

/** Name, website URL and competitors (docs/product.md#validation: the same rules on the AI and the manual form). */
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
