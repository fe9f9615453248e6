import {
  customFilterOpLabels,
  customFilterOps,
  type CustomField,
  type CustomFilterOp,
} from '#shared/schemas/custom-fields';
import { Input } from '#web/components/ui/input';

/** The prospects list's custom field filter as the table holds it: a key ('' = none), an operator, a value. */
export type CustomFilterValue = {
  field: string;
  op: CustomFilterOp;
  value: string;
};

export const noCustomFilter: CustomFilterValue = { field: '', op: 'equals', value: '' };

/** The filter as the list query sends it: nothing without a field, or equals/contains with nothing typed yet. */
export function customFilterQuery(filter: CustomFilterValue) {
  if (!filter.field) return {};
  if ((filter.op === 'equals' || filter.op === 'contains') && !filter.value.trim()) return {};
  return { field: filter.field, op: filter.op, value: filter.value };
}

const selectClass =
  'h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900';

/**
 * "Only prospects whose <custom field> equals / contains / is empty / is not empty": the server filters
 * (docs/decisions/044-custom-fields.md).
 */
export function CustomFieldFilter({
  fields,
  value,
  onChange,
}: {
  fields: readonly CustomField[];
  value: CustomFilterValue;
  onChange: (value: CustomFilterValue) => void;
}) {
  const needsValue = value.op === 'equals' || value.op === 'contains';
  return (
    <div className="flex items-end gap-2 text-sm" role="group" aria-label="Filter by custom field">
      <label className="space-y-1">
        <span className="block text-xs text-slate-500">Custom field</span>
        <select
          className={selectClass}
          value={value.field}
          onChange={(e) => onChange({ ...value, field: e.target.value })}
        >
          <option value="">Any</option>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1">
        <span className="block text-xs text-slate-500">Condition</span>
        <select
          className={selectClass}
          value={value.op}
          disabled={!value.field}
          onChange={(e) => onChange({ ...value, op: e.target.value as CustomFilterOp })}
        >
          {customFilterOps.map((op) => (
            <option key={op} value={op}>
              {customFilterOpLabels[op]}
            </option>
          ))}
        </select>
      </label>
      {needsValue && (
        <label className="space-y-1">
          <span className="block text-xs text-slate-500">Value</span>
          <Input
            className="h-9 w-36"
            value={value.value}
            disabled={!value.field}
            onChange={(e) => onChange({ ...value, value: e.target.value })}
          />
        </label>
      )}
    </div>
  );
}
