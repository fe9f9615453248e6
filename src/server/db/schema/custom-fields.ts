import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customFieldTypes } from '../../../shared/schemas/custom-fields';
import { createdAt, id, updatedAt } from './columns';
import { workspaces } from './workspaces';

export const customFieldType = pgEnum('custom_field_type', customFieldTypes);

/**
 * A workspace's custom prospect fields (docs/decisions/044-custom-fields.md): the key a prospect's
 * value is stored under (`prospects.custom_fields`) and `{{custom.key}}` names, fixed once created;
 * the label, the choice options and the place in the list can change.
 */
export const prospectCustomFields = pgTable(
  'prospect_custom_fields',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    label: text().notNull(),
    type: customFieldType().notNull(),
    /** A choice field's options in the order offered; empty for the other types. */
    options: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('uq_prospect_custom_fields_workspace_id_key').on(t.workspaceId, t.key)],
);

/**
 * How a CSV header's columns were mapped to custom fields, remembered per workspace and header set
 * (`header_key`: the header cells, normalised and sorted, joined by U+0001), so the next file with
 * the same columns is mapped the same way.
 */
export const prospectImportMappings = pgTable(
  'prospect_import_mappings',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    headerKey: text().notNull(),
    /** Header cell as written → custom field key. */
    mapping: jsonb().$type<Record<string, string>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.headerKey] })],
);
