import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { createLiveLinkSchema, liveLinkFieldHints, liveLinkMessages as m } from '#shared/schemas/live-links';
import { contactMessages } from '#shared/schemas/prospects';
import { Alert } from '#web/components/ui/alert';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues } from '#web/lib/form-errors';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { useCreateLiveLink } from '#web/data/live-link-queries';
import { useSingleFlight } from '#web/lib/use-single-flight';

type Input = z.input<typeof createLiveLinkSchema>;
type Output = z.output<typeof createLiveLinkSchema>;
const empty: Input = { campaignId: '', url: '', anchorText: '', pageUrl: '' };

/**
 * The Add Live Link dialog (docs/product.md#live-links, docs/product.md#validation): campaign, link
 * URL, anchor text and page URL, all required. `defaults` prefill it each time it opens (the inbox
 * proposes the link a prospect placed: their campaign and site).
 */
export function AddLiveLinkDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaults?: Partial<Input>;
}) {
  const campaigns = useQuery({ ...campaignOptionsQuery(), enabled: open });
  const create = useCreateLiveLink();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createLiveLinkSchema),
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const { reset } = form;
  const campaignDefault = defaults?.campaignId;
  const pageDefault = defaults?.pageUrl;
  useEffect(() => {
    if (open && (campaignDefault || pageDefault))
      reset({ ...empty, campaignId: campaignDefault ?? '', pageUrl: pageDefault ?? '' });
  }, [open, campaignDefault, pageDefault, reset]);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(empty);
      setError(null);
    }
  };

  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      await create.mutateAsync(values).then(
        () => {
          toast.success(m.added);
          close(false);
        },
        (caught: unknown) => {
          if (!applyServerIssues(caught, ['campaignId', 'url', 'anchorText', 'pageUrl'], form.setError))
            setError(m.addFailed);
        },
      );
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add Live Link" description="Record a backlink you have earned.">
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div>
            <Label htmlFor="live-link-campaign">Campaign</Label>
            <Controller
              control={form.control}
              name="campaignId"
              render={({ field }) => (
                <Select
                  id="live-link-campaign"
                  className="mt-1.5"
                  placeholder={campaigns.isPending ? 'Loading campaigns...' : 'Select a campaign'}
                  value={field.value || undefined}
                  onValueChange={field.onChange}
                  invalid={Boolean(errors.campaignId)}
                  options={(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              )}
            />
            {errors.campaignId && (
              <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.campaignId.message}</p>
            )}
            {campaigns.isError && (
              <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {contactMessages.loadCampaignsFailed}
              </p>
            )}
            {campaigns.data?.length === 0 && (
              <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
                Create a campaign first to add links to it.
              </p>
            )}
          </div>
          <TextField
            label="Link URL"
            type="url"
            placeholder="https://yoursite.com/page"
            hint={liveLinkFieldHints.url}
            error={errors.url?.message}
            {...form.register('url')}
          />
          <TextField
            label="Anchor Text"
            error={errors.anchorText?.message}
            {...form.register('anchorText')}
          />
          <TextField
            label="Page URL"
            type="url"
            placeholder="https://example.com/article"
            hint={liveLinkFieldHints.pageUrl}
            error={errors.pageUrl?.message}
            {...form.register('pageUrl')}
          />
          {error && <Alert variant="destructive">{error}</Alert>}
          <DialogFormFooter onCancel={() => close(false)} submitLabel="Add Link" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
