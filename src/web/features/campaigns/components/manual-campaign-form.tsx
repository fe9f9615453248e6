import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { csvMessages, isCsvFile, parseProspectsCsv } from '../../../../shared/csv/prospects-csv';
import { paths } from '../../../../shared/paths';
import { campaignMessages as m, manualCampaignFormSchema } from '../../../../shared/schemas/campaigns';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { applyServerIssues, refusalMessage } from '../../../lib/form-errors';
import { useCreateCampaign } from '../api/campaign-mutations';
import { CampaignBasicsFields } from './campaign-basics-fields';
import { useSingleFlight } from '../../../lib/use-single-flight';

type Input = z.input<typeof manualCampaignFormSchema>;
type Output = z.output<typeof manualCampaignFormSchema>;

/** Reads a chosen file as text. @throws when the browser cannot read it. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/**
 * The manual campaign form (spec §5): name, website, competitors and a CSV of prospects read in the
 * browser (header website,email,name,notes). Submit stays disabled until the file gives a prospect.
 */
export function ManualCampaignForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(manualCampaignFormSchema),
    defaultValues: { name: '', websiteUrl: '', competitors: [''], prospects: [] },
  });
  const create = useCreateCampaign();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prospects = useWatch({ control: form.control, name: 'prospects' });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    form.setValue('prospects', []);
    setFileError(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    if (!isCsvFile(file)) return setFileError(csvMessages.invalidFile);
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return setFileError(csvMessages.readError);
    }
    const result = parseProspectsCsv(text);
    if (!result.ok) return setFileError(result.message);
    form.setValue('prospects', result.prospects, { shouldValidate: form.formState.isSubmitted });
  }

  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      try {
        const campaign = await create.mutateAsync({ type: 'manual', ...values });
        toast.success(`Campaign created with ${values.prospects.length} prospects`);
        await navigate(paths.campaign(campaign.id));
      } catch (caught) {
        if (!applyServerIssues(caught, ['name', 'websiteUrl'], form.setError))
          setError(refusalMessage(caught, m.createFailed));
      }
    }),
  );

  const rowErrors = form.formState.errors.prospects;
  const firstRowError = Array.isArray(rowErrors)
    ? rowErrors
        .map((row, index) => {
          const message =
            row?.contactEmail?.message ??
            row?.website?.message ??
            row?.contactName?.message ??
            row?.notes?.message;
          // +2: the header is line 1 and rows count from 1.
          return message ? `Line ${index + 2} of the CSV: ${message}` : null;
        })
        .find(Boolean)
    : (rowErrors?.message ?? null);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <CampaignBasicsFields />
        <div>
          <label
            htmlFor="manual-csv"
            className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm hover:border-indigo-400 dark:border-slate-700"
          >
            <FileUp aria-hidden className="size-6 text-indigo-500" />
            <span className="font-medium">{fileName ?? 'Upload a CSV file of prospects'}</span>
            <span className="text-slate-500 dark:text-slate-400">
              Columns: website,email,name,notes (website required)
            </span>
          </label>
          <input
            id="manual-csv"
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="Prospects CSV file"
            onChange={onFile}
          />
          {fileError && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{fileError}</p>}
          {!fileError && prospects.length > 0 && (
            <p className="mt-1.5 text-sm text-emerald-700 dark:text-emerald-400">
              {prospects.length} {prospects.length === 1 ? 'prospect' : 'prospects'} ready to import
            </p>
          )}
          {firstRowError && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{firstRowError}</p>}
        </div>
        {error && <Alert variant="destructive">{error}</Alert>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onBack} disabled={create.isPending}>
            Back
          </Button>
          <Button type="submit" loading={create.isPending} disabled={prospects.length === 0}>
            Create Campaign
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
