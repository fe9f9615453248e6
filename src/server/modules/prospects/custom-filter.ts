import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CustomFilterOp } from '../../../shared/schemas/custom-fields';
import { prospects } from '../../db/schema/prospects';

/**
 * The condition of a list's custom field filter (docs/decisions/044-custom-fields.md) on
 * `prospects.custom_fields`: equals (the value as text, any case: `5` finds the number 5), contains
 * (a case-insensitive substring, by strpos so `%` and `_` are plain text), empty (no value) or not
 * empty. `key` and `value` may be a prepared statement's placeholders. No filter without a field.
 */
export function customFieldFilter(filter: {
  field?: string | undefined;
  op: CustomFilterOp;
  key?: Placeholder | string;
  value: Placeholder | string;
}): SQL | undefined {
  if (!filter.field) return undefined;
  const text = sql`(${prospects.customFields} ->> ${filter.key ?? filter.field}::text)`;
  switch (filter.op) {
    case 'equals':
      return sql`lower(${text}) = lower(${filter.value}::text)`;
    case 'contains':
      return sql`strpos(lower(${text}), lower(${filter.value}::text)) > 0`;
    case 'empty':
      return sql`${text} is null`;
    case 'not_empty':
      return sql`${text} is not null`;
  }
}
