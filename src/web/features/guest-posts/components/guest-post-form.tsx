import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { toast } from 'sonner';
import { limits } from '#shared/limits';
import {
  DEFAULT_WORD_COUNT,
  guestPostMessages as m,
  guestPostRequestSchema,
  saveInternalLinksSchema,
  wordCounts,
  type GuestPostCampaign,
  type GuestPostRequest,
  type GuestPostRequestInput,
} from '#shared/schemas/guest-posts';
import { UrlListInputs } from '#web/components/url-list-inputs';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { useSaveInternalLinks } from '../api/guest-post-queries';
import { applyServerIssues } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';

type Input = GuestPostRequestInput;
type ListErrors = FieldError & { root?: FieldError } & (FieldError | undefined)[];

const wordCountOptions = wordCounts.map((n) => ({ value: String(n), label: `${n} words` }));

interface GuestPostFormProps {
  campaigns: GuestPostCampaign[];
  generating: boolean;
  /** AI writing is off: the form can still be filled and links saved, but not submitted. */
  disabled: boolean;
  /** Generates; resolves with the error that stopped it, whose field issues show under the fields. */
  onGenerate: (request: GuestPostRequest) => Promise<unknown>;
}

/**
 * The generator's form (docs/product.md#guest-posts, docs/product.md#states, docs/product.md#validation): choosing a campaign fills your website and its internal
 * links; editing the links shows Save Links, which stores them on the campaign. Validation is the
 * shared guestPostRequestSchema the server applies too.
 */
export function GuestPostForm({ campaigns, generating, disabled, onGenerate }: GuestPostFormProps) {
  const form = useForm<Input, unknown, GuestPostRequest>({
    resolver: zodResolver(guestPostRequestSchema),
    defaultValues: {
      campaignId: '',
      yourWebsite: '',
      targetWebsite: '',
      topic: '',
      wordCount: DEFAULT_WORD_COUNT,
      internalLinks: [''],
    },
  });
  const [linksUnsaved, setLinksUnsaved] = useState(false);
  const saveLinks = useSaveInternalLinks();
  const { errors } = form.formState;
  const linkErrors = errors.internalLinks as ListErrors | undefined;
  const campaignId = useWatch({ control: form.control, name: 'campaignId' });

  const chooseCampaign = (id: string) => {
    const campaign = campaigns.find((c) => c.id === id);
    form.setValue('campaignId', id, { shouldValidate: form.formState.isSubmitted });
    if (!campaign) return;
    form.setValue('yourWebsite', campaign.websiteUrl, { shouldValidate: form.formState.isSubmitted });
    form.setValue('internalLinks', campaign.internalLinks.length ? campaign.internalLinks : ['']);
    form.clearErrors('internalLinks');
    setLinksUnsaved(false);
  };

  const generate = useSingleFlight(
    form.handleSubmit(async (values) => {
      const failure = await onGenerate(values);
      applyServerIssues(
        failure,
        ['campaignId', 'yourWebsite', 'targetWebsite', 'topic', 'wordCount', 'internalLinks'],
        form.setError,
      );
    }),
  );

  const onSaveLinks = async () => {
    form.clearErrors('internalLinks');
    const parsed = saveInternalLinksSchema.safeParse({ internalLinks: form.getValues('internalLinks') });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.') as 'internalLinks' | `internalLinks.${number}`;
        form.setError(path, { type: 'validate', message: issue.message });
      }
      return;
    }
    try {
      const saved = await saveLinks.mutateAsync({ campaignId, ...parsed.data });
      form.setValue('internalLinks', saved.internalLinks.length ? saved.internalLinks : ['']);
      setLinksUnsaved(false);
      toast.success('Internal links saved');
    } catch {
      toast.error(m.saveLinksFailed);
    }
  };

  return (
    <form noValidate onSubmit={generate} className="space-y-4">
      <fieldset disabled={generating} className="space-y-4">
        <div>
          <Label htmlFor="guest-post-campaign">Campaign</Label>
          <Select
            id="guest-post-campaign"
            className="mt-1.5"
            value={campaignId || undefined}
            onValueChange={chooseCampaign}
            options={campaigns.map((c) => ({ value: c.id, label: c.name }))}
            placeholder={campaigns.length ? 'Select a campaign' : 'No campaigns yet'}
            invalid={Boolean(errors.campaignId)}
            disabled={generating}
          />
          {errors.campaignId && (
            <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.campaignId.message}</p>
          )}
        </div>
        <TextField
          label="Your website"
          type="url"
          inputMode="url"
          placeholder="https://yoursite.com"
          error={errors.yourWebsite?.message}
          {...form.register('yourWebsite')}
        />
        <TextField
          label="Target website"
          type="url"
          inputMode="url"
          placeholder="https://targetblog.com"
          error={errors.targetWebsite?.message}
          {...form.register('targetWebsite')}
        />
        <TextField
          label="Topic (optional)"
          placeholder="Leave blank to let the AI choose"
          error={errors.topic?.message}
          {...form.register('topic')}
        />
        <div>
          <Label htmlFor="guest-post-words">Word count</Label>
          <Controller
            control={form.control}
            name="wordCount"
            render={({ field }) => (
              <Select
                id="guest-post-words"
                className="mt-1.5"
                value={String(field.value)}
                onValueChange={(v) => field.onChange(Number(v))}
                options={wordCountOptions}
                disabled={generating}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="internalLinks"
          render={({ field }) => (
            <UrlListInputs
              type="url"
              value={field.value}
              onChange={(links) => {
                field.onChange(links);
                setLinksUnsaved(true);
              }}
              legend={
                <>
                  Internal links{' '}
                  <span className="font-normal text-slate-500">
                    (optional, up to {limits.maxInternalLinks})
                  </span>
                </>
              }
              itemLabel="Internal link"
              addLabel="Add link"
              placeholder="https://yoursite.com/page"
              max={limits.maxInternalLinks}
              rowErrors={Array.from({ length: field.value.length || 1 }, (_, i) => linkErrors?.[i]?.message)}
              listError={linkErrors?.message ?? linkErrors?.root?.message}
            />
          )}
        />
        {linksUnsaved && campaignId && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onSaveLinks}
            disabled={saveLinks.isPending}
          >
            <Save aria-hidden className="size-4" /> {saveLinks.isPending ? 'Saving...' : 'Save Links'}
          </Button>
        )}
      </fieldset>
      <Button type="submit" className="w-full" disabled={generating || disabled}>
        <Sparkles aria-hidden className="size-4" /> {generating ? 'Generating...' : 'Generate Guest Post'}
      </Button>
    </form>
  );
}
