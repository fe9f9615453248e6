import type { CustomField } from '#shared/schemas/custom-fields';

/**
 * The CSV's other columns, each mapped to one of the workspace's custom fields or not imported
 * (docs/decisions/044-custom-fields.md). The mapping is remembered for the next file with the same
 * columns when the import starts.
 */
export function CsvCustomColumns({
  columns,
  fields,
  mapping,
  onChange,
}: {
  columns: readonly string[];
  fields: readonly CustomField[];
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
}) {
  if (columns.length === 0 || fields.length === 0) return null;
  return (
    <fieldset className="mt-3 space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
      <legend className="px-1 font-medium">Custom fields from other columns</legend>
      {columns.map((column) => (
        <label key={column} className="flex items-center justify-between gap-3">
          <span className="truncate" title={column}>
            {column}
          </span>
          <select
            aria-label={`Column ${column}`}
            className="h-9 w-48 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
            value={mapping[column] ?? ''}
            onChange={(e) => {
              const next = { ...mapping };
              // One column per field: choosing a field takes it from the column that had it.
              for (const [other, key] of Object.entries(next)) if (key === e.target.value) delete next[other];
              if (e.target.value) next[column] = e.target.value;
              else delete next[column];
              onChange(next);
            }}
          >
            <option value="">Don’t import</option>
            {fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
