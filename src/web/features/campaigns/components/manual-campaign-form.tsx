import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  csvMessages,
  isCsvFile,
  parseProspectsCsv,
  rowErrorsFromIssues,
  type CsvRowError,
} from '#shared/csv/prospects-csv';
import { paths } from '#shared/paths';
import { campaignMessages as m, manualCampaignFormSchema } from '#shared/schemas/campaigns';
import { PROSPECT_IMPORT_BATCH } from '#shared/schemas/prospect-import';
import { Alert } from '#web/components/ui/alert';
import { DialogFormFooter } from '#web/components/ui/dialog';
import { ApiError } from '#web/lib/api-error';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { useImportManualCampaign } from '../api/campaign-mutations';
import type { ManualImportState } from '../api/manual-campaign-import';
import { CampaignBasicsFields } from './campaign-basics-fields';
import { CsvImportPreview, CsvImportProgress, importButtonLabel } from './csv-import-preview';
import { CsvCustomColumns } from './csv-custom-columns';
import { guessCustomColumns } from '#shared/csv/prospect-columns';
import { useCustomFields } from '#web/data/custom-field-queries';
import { rememberImportMapping, rememberedImportMapping } from '../api/import-mapping';

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

/** The checked file: the valid prospects' row numbers (in the order sent) and the rows skipped. */
interface CheckedFile {
  rows: number[];
  skipped: CsvRowError[];
}

/**
 * The manual campaign form: name, website, competitors and a CSV of prospects read and checked
 * in the browser with the server's schema. The preview lists the rows that will be skipped and why; the
 * valid rows go in batches with a progress bar, and rows the server still refuses join the list.
 * Columns other than the prospect's own may fill the workspace's custom fields: mapped once per
 * header set and remembered (docs/decisions/044-custom-fields.md).
 */
export function ManualCampaignForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(manualCampaignFormSchema),
    defaultValues: { name: '', websiteUrl: '', clientId: null, competitors: [''], prospects: [] },
  });
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [imported, setImported] = useState<ManualImportState | null>(null);
  const importer = useImportManualCampaign();
  const pending = importer.isPending;
  const [error, setError] = useState<string | null>(null);
  const prospects = useWatch({ control: form.control, name: 'prospects' });
  // Custom fields from the file's other columns (docs/decisions/044-custom-fields.md).
  const customFields = useCustomFields().data ?? [];
  const [csv, setCsv] = useState<{ text: string; columns: string[]; mapping: Record<string, string> } | null>(
    null,
  );

  /** Reads the file's rows with `mapping` filling custom fields, into the preview and the form. */
  function check(text: string, mapping: Record<string, string>) {
    const result = parseProspectsCsv(text, { fields: customFields, mapping });
    if (!result.ok) return setFileError(result.message);
    setChecked({ rows: result.valid.map((r) => r.row), skipped: result.invalid });
    form.setValue(
      'prospects',
      result.valid.map((r) => r.prospect),
      { shouldValidate: form.formState.isSubmitted },
    );
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    form.setValue('prospects', []);
    setChecked(null);
    setImported(null);
    setFileError(null);
    setCsv(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    if (!isCsvFile(file)) return setFileError(csvMessages.invalidFile);
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return setFileError(csvMessages.readError);
    }
    const first = parseProspectsCsv(text);
    if (!first.ok) return setFileError(first.message);
    // The mapping remembered for these columns, else a guess from the fields' keys and labels.
    const remembered =
      customFields.length > 0 && first.otherColumns.length > 0
        ? await rememberedImportMapping(first.otherColumns)
        : {};
    const mapping =
      Object.keys(remembered).length > 0 ? remembered : guessCustomColumns(first.otherColumns, customFields);
    setCsv({ text, columns: first.otherColumns, mapping });
    check(text, mapping);
  }

  function onMapping(mapping: Record<string, string>) {
    if (!csv) return;
    setCsv({ ...csv, mapping });
    check(csv.text, mapping);
  }

  /** Moves the rows the server refused (numbered from `offset` in the list sent) to the skipped list. */
  function skipRefused(refused: CsvRowError[], offset: number) {
    const rows = checked!.rows;
    const gone = new Set(refused.map((r) => r.row));
    const keep = prospects.map((_, i) => i).filter((i) => i < offset || !gone.has(rows[i]!));
    setChecked({
      rows: keep.map((i) => rows[i]!),
      skipped: [...checked!.skipped, ...refused].sort((a, b) => a.row - b.row),
    });
    form.setValue(
      'prospects',
      keep.map((i) => prospects[i]!),
    );
  }

  // One import per submit: a double click must not create the campaign twice.
  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      // Remembered for the next file with these columns; the import does not wait on it.
      if (csv && csv.columns.length > 0 && customFields.length > 0)
        void rememberImportMapping(csv.columns, csv.mapping).catch(() => undefined);
      let state = imported;
      try {
        const id = await importer.mutateAsync([
          values,
          state,
          (next) => {
            state = next;
            setImported(next);
          },
        ]);
        toast.success(`Campaign created with ${values.prospects.length} prospects`);
        await navigate(paths.campaign(id));
      } catch (caught) {
        const offset = state?.done ?? 0;
        const refused =
          caught instanceof ApiError
            ? rowErrorsFromIssues(caught.issues, checked?.rows.slice(offset) ?? [])
            : [];
        if (refused.length > 0) skipRefused(refused, offset);
        else if (state)
          setError(
            `Imported ${state.done} of ${values.prospects.length} prospects; the rest were not sent (${
              caught instanceof ApiError ? caught.message : 'network error'
            }). Press the button again to carry on in the same campaign.`,
          );
        else if (!applyServerIssues(caught, ['name', 'websiteUrl', 'clientId'], form.setError))
          setError(refusalMessage(caught, m.createFailed));
      }
    }),
  );

  const listError = form.formState.errors.prospects;
  const prospectsError = listError && !Array.isArray(listError) ? listError.message : null;

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
            disabled={pending}
            onChange={onFile}
          />
          {fileError && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{fileError}</p>}
          {csv && (
            <CsvCustomColumns
              columns={csv.columns}
              fields={customFields}
              mapping={csv.mapping}
              onChange={onMapping}
            />
          )}
          {checked && <CsvImportPreview valid={prospects.length} skipped={checked.skipped} />}
          {prospectsError && (
            <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{prospectsError}</p>
          )}
        </div>
        {pending && prospects.length > PROSPECT_IMPORT_BATCH && (
          <CsvImportProgress done={imported?.done ?? 0} total={prospects.length} />
        )}
        {error && <Alert variant="destructive">{error}</Alert>}
        <DialogFormFooter
          onCancel={onBack}
          cancelLabel="Back"
          cancelDisabled={pending}
          submitLabel={importButtonLabel(prospects.length, checked?.skipped.length ?? 0)}
          pending={pending}
          submitDisabled={prospects.length === 0}
        />
      </form>
    </FormProvider>
  );
}
