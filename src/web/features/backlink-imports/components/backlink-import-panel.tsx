import { FileUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { type BacklinkImport, backlinkImportMessages as m } from '#shared/schemas/backlink-imports';
import {
  type ColumnMapping,
  type LinkField,
  metricLabels,
  reportLabel,
  toolLabels,
} from '#shared/seo-exports/formats';
import { mappingNamesSites } from '#shared/seo-exports/recognise';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Spinner } from '#web/components/ui/spinner';
import { Table, Td, Th } from '#web/components/ui/table';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useBacklinkImports,
  useStartBacklinkImport,
  useUploadBacklinkExport,
} from '../api/backlink-import-queries';
import { BacklinkIntersectCard } from './backlink-intersect-card';

/** The fields a user maps by hand in an unrecognised export, with their names on screen. */
const MAPPED_FIELDS: { field: LinkField; label: string }[] = [
  { field: 'domain', label: 'Domain' },
  { field: 'linkingPage', label: 'Linking page' },
  { field: 'anchor', label: 'Anchor' },
  { field: 'targetUrl', label: 'Target URL' },
  { field: 'rel', label: 'Rel' },
  { field: 'firstSeen', label: 'First seen' },
];
const fieldLabel = (field: string) => MAPPED_FIELDS.find((f) => f.field === field)?.label ?? field;

const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/**
 * Import of backlink exports into the campaign (docs/product.md#backlink-exports): upload a file as
 * the tool wrote it, see what was recognised (tool, report, rows, domains, columns), correct the site
 * it is about or map an unknown file's columns, then import it with progress; the link intersect of
 * the imported competitor exports underneath.
 */
export function BacklinkImportPanel({ campaignId }: { campaignId: string }) {
  const upload = useUploadBacklinkExport(campaignId);
  const [preview, setPreview] = useState<BacklinkImport | null>(null);

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Import backlinks</CardTitle>
          <CardDescription>
            Upload a competitor’s backlinks as Ahrefs, Semrush, Moz, Majestic or Google Search Console
            exported them (CSV or TSV, any encoding). Nothing is imported until you confirm.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`backlink-export-${campaignId}`}>Export file</Label>
            <Input
              id={`backlink-export-${campaignId}`}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setPreview(null);
                upload.mutate(file, { onSuccess: setPreview });
                event.target.value = '';
              }}
            />
          </div>
          {upload.isPending && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner label={null} /> Reading the file…
            </p>
          )}
          {upload.isError && (
            <Alert variant="destructive">
              {refusalMessage(upload.error, 'The file could not be read. Try again.')}
            </Alert>
          )}
          {preview && <Recognised campaignId={campaignId} found={preview} onDone={() => setPreview(null)} />}
        </CardContent>
      </Card>
      <ImportList campaignId={campaignId} />
      <BacklinkIntersectCard campaignId={campaignId} />
    </div>
  );
}

/** What the server recognised in an uploaded file, and the button that imports it. */
function Recognised({
  campaignId,
  found,
  onDone,
}: {
  campaignId: string;
  found: BacklinkImport;
  onDone: () => void;
}) {
  const start = useStartBacklinkImport(campaignId);
  const [target, setTarget] = useState(found.targetDomain ?? '');
  const [mapping, setMapping] = useState<ColumnMapping>(found.mapping);
  const unknown = found.tool === 'other';
  const roleOf = (column: number) => {
    const field = Object.entries(mapping.fields).find(([, c]) => c === column)?.[0];
    if (field) return fieldLabel(field);
    const metric = mapping.metrics.find((x) => x.column === column);
    if (metric) return metricLabels[metric.metric].label;
    return mapping.targets.some((x) => x.column === column) ? 'Target site' : null;
  };
  const setField = (field: LinkField, value: string) =>
    setMapping((current) => {
      const fields = { ...current.fields };
      if (value === '') delete fields[field];
      else fields[field] = Number(value);
      return { ...current, fields };
    });

  return (
    <section
      aria-label="Recognised export"
      className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact term="Tool">{toolLabels[found.tool]}</Fact>
        <Fact term="Report">{reportLabel(found.tool, found.report)}</Fact>
        <Fact term="Rows">{found.rowCount.toLocaleString()}</Fact>
        <Fact term="Domains">{found.domainCount.toLocaleString()}</Fact>
      </dl>
      <p className="text-xs text-slate-500">
        {found.fileName}: {found.encoding.toUpperCase()},{' '}
        {found.delimiter === '\t' ? 'tab' : `“${found.delimiter}”`}-separated
      </p>
      <div>
        <h3 className="mb-1 text-sm font-medium">Columns</h3>
        <ul aria-label="Columns" className="flex flex-wrap gap-1.5 text-xs">
          {found.header.map((name, column) => {
            const role = roleOf(column);
            return (
              <li
                key={column}
                className={
                  role
                    ? 'rounded bg-indigo-50 px-2 py-0.5 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200'
                    : 'rounded bg-slate-100 px-2 py-0.5 text-slate-500 dark:bg-slate-800'
                }
              >
                {name}
                {role && role !== name ? ` → ${role}` : ''}
              </li>
            );
          })}
        </ul>
      </div>
      {unknown && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">Not a known export: which column holds what?</legend>
          {MAPPED_FIELDS.map(({ field, label }) => (
            <div key={field} className="space-y-1">
              <Label htmlFor={`map-${field}`}>{label}</Label>
              <select
                id={`map-${field}`}
                className={selectClass}
                value={mapping.fields[field] ?? ''}
                onChange={(e) => setField(field, e.target.value)}
              >
                <option value="">—</option>
                {found.header.map((name, column) => (
                  <option key={column} value={column}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      )}
      <div className="max-w-sm space-y-1.5">
        <Label htmlFor={`target-${found.id}`}>Site these links point to</Label>
        <Input
          id={`target-${found.id}`}
          value={target}
          placeholder="competitor.com"
          onChange={(e) => setTarget(e.target.value)}
        />
        <p className="text-xs text-slate-500">
          A competitor’s links become prospects; your own site’s are kept as metrics only.
        </p>
      </div>
      {!mappingNamesSites(mapping) && <Alert variant="destructive">{m.noSites}</Alert>}
      <div className="flex gap-2">
        <Button
          disabled={!mappingNamesSites(mapping)}
          loading={start.isPending}
          onClick={() =>
            start.mutate(
              { id: found.id, targetDomain: target.trim() || null, ...(unknown ? { mapping } : {}) },
              {
                onSuccess: () => {
                  toast.success(m.started);
                  onDone();
                },
                onError: (e) => toast.error(refusalMessage(e, 'The import could not start. Try again.')),
              },
            )
          }
        >
          Import {found.domainCount.toLocaleString()} domains
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

const statusText: Record<BacklinkImport['status'], string> = {
  uploaded: 'Not started',
  queued: 'Waiting',
  running: 'Importing',
  completed: 'Done',
  failed: 'Failed',
};

/** The campaign's imports with their progress and counts. */
function ImportList({ campaignId }: { campaignId: string }) {
  const query = useBacklinkImports(campaignId);
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Imports</CardTitle>
      </CardHeader>
      {query.isPending ? (
        <TableSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState message="Imports could not be loaded." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={FileUp} title="No exports imported yet">
          Upload a backlink export above: its linking sites become this campaign’s prospects.
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>File</Th>
              <Th>Export</Th>
              <Th>Progress</Th>
              <Th className="text-right">Prospects added</Th>
              <Th className="text-right">Skipped</Th>
              <Th className="text-right">Contacts found</Th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((i) => (
              <tr key={i.id}>
                <Td className="max-w-56 truncate" title={i.fileName}>
                  {i.fileName}
                  {i.targetDomain && (
                    <span className="block text-xs text-slate-500">links to {i.targetDomain}</span>
                  )}
                </Td>
                <Td>
                  {toolLabels[i.tool]} · {reportLabel(i.tool, i.report)}
                  <span className="block text-xs text-slate-500">
                    {i.rowCount.toLocaleString()} rows, {i.domainCount.toLocaleString()} domains
                  </span>
                </Td>
                <Td className="min-w-40">
                  <div
                    role="progressbar"
                    aria-label={`Import of ${i.fileName}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={i.progress}
                    className="h-2 w-full rounded bg-slate-200 dark:bg-slate-800"
                  >
                    <div className="h-2 rounded bg-indigo-600" style={{ width: `${i.progress}%` }} />
                  </div>
                  <span className="text-xs text-slate-500">
                    {statusText[i.status]}
                    {i.status === 'running' || i.status === 'queued' ? ` · ${i.progress}%` : ''}
                  </span>
                  {i.error && <span className="block text-xs text-red-700 dark:text-red-400">{i.error}</span>}
                </Td>
                <Td className="text-right">{i.prospectsAdded.toLocaleString()}</Td>
                <Td className="text-right">{i.domainsSkipped.toLocaleString()}</Td>
                <Td className="text-right">{i.contactsFound.toLocaleString()}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
