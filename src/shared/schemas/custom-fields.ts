import { z } from 'zod';
import { fieldMessages as f } from './field-messages';

/**
 * Custom fields of prospects (docs/decisions/044-custom-fields.md, docs/product.md#custom-fields):
 * a workspace names its own prospect fields, each with a snake_case key (the placeholder
 * `{{custom.key}}`), a label and a type; prospects carry their values by key.
 */

export const customFieldTypes = ['text', 'number', 'url', 'date', 'choice'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** How the screens name each type. */
export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  url: 'URL',
  date: 'Date',
  choice: 'Choice',
};

/** A workspace defines at most this many fields. */
export const MAX_CUSTOM_FIELDS = 50;
/** A choice field offers at most this many options. */
export const MAX_CUSTOM_FIELD_OPTIONS = 50;
/** A text value is at most this long (characters). */
export const MAX_CUSTOM_TEXT = 2000;

/** Custom field messages in the user's words (docs/product.md#custom-fields). */
export const customFieldMessages = {
  keyFormat:
    'Key must start with a letter and use only lower-case letters, digits and underscores (e.g. site_topic)',
  keyTaken: (key: string) => `A custom field with the key ${key} already exists`,
  tooMany: `A workspace has at most ${MAX_CUSTOM_FIELDS} custom fields`,
  optionsRequired: 'A choice field needs at least one option',
  optionsForChoiceOnly: 'Only a choice field has options',
  optionDuplicate: (option: string) => `The option ${option} is listed twice`,
  notFound: 'Custom field not found',
  unknownField: (key: string) => `There is no custom field with the key ${key}`,
  invalidNumber: (label: string) => `${label} must be a number`,
  invalidUrl: (label: string) => `${label} must be a web address starting with http:// or https://`,
  invalidDate: (label: string) => `${label} must be a date such as 2026-11-29`,
  invalidChoice: (label: string, options: readonly string[]) =>
    `${label} must be one of: ${options.join(', ')}`,
  unknownPlaceholder: (part: string, key: string) =>
    `${part}: {{custom.${key}}} names no custom field of this workspace. Add it in Settings → Custom fields, or fix the key.`,
  loadFailed: 'Failed to load custom fields',
  saveFailed: 'Failed to save the custom field',
  deleteFailed: 'Failed to delete the custom field',
  saved: 'Custom field saved',
  deleted: 'Custom field deleted',
  valuesSaved: 'Custom fields saved',
  valuesFailed: 'Failed to save the custom fields',
} as const;

const CUSTOM_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** A field's key: snake_case, 1–40 characters, starting with a letter. */
export const customFieldKeySchema = z.string().trim().regex(CUSTOM_KEY, customFieldMessages.keyFormat);

const label = z.string().trim().min(1, f.required('Label')).max(80, f.tooLong('Label', 80));
const options = z
  .array(z.string().trim().min(1, f.required('Option')).max(100, f.tooLong('Option', 100)))
  .max(MAX_CUSTOM_FIELD_OPTIONS, f.tooMany('options', MAX_CUSTOM_FIELD_OPTIONS))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const option of list) {
      if (seen.has(option.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: customFieldMessages.optionDuplicate(option) });
      seen.add(option.toLowerCase());
    }
  });

/** `POST /api/custom-fields` body: a new field; a choice field lists its options. */
export const createCustomFieldSchema = z
  .strictObject({
    key: customFieldKeySchema,
    label,
    type: z.enum(customFieldTypes),
    options: options.default([]),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'choice' && field.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldMessages.optionsRequired });
    if (field.type !== 'choice' && field.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldMessages.optionsForChoiceOnly });
  });
export type CreateCustomFieldInput = z.input<typeof createCustomFieldSchema>;

/**
 * `PATCH /api/custom-fields/:id` body: a new label, the options of a choice field, or its place in
 * the list (0 = first). The key and the type stay: values and placeholders depend on them.
 */
export const updateCustomFieldSchema = z.strictObject({
  label: label.optional(),
  options: options.optional(),
  position: z.number().int(f.wholeNumber('Position')).min(0).max(MAX_CUSTOM_FIELDS).optional(),
});
export type UpdateCustomFieldInput = z.input<typeof updateCustomFieldSchema>;

/** A custom field as the API presents it. */
export const customFieldSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  type: z.enum(customFieldTypes),
  options: z.array(z.string()),
  position: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** A stored value: numbers as numbers, everything else (dates as YYYY-MM-DD) as text. */
export const customValueSchema = z.union([z.string(), z.number()]);
export type CustomValue = z.infer<typeof customValueSchema>;

/** A prospect's values by key, as the API presents them (fields without a value are absent). */
export const customValuesSchema = z.record(z.string(), customValueSchema);
export type CustomValues = z.infer<typeof customValuesSchema>;

/**
 * Values as a request brings them, by key: null or '' clears one. Only the shape is checked here;
 * each value is checked against its field (checkCustomValues) where the workspace's fields are known.
 */
export const customValuesInputSchema = z.record(
  customFieldKeySchema,
  z
    .union([z.string().trim().max(MAX_CUSTOM_TEXT, f.tooLong('A custom field', MAX_CUSTOM_TEXT)), z.number()])
    .nullable(),
);
export type CustomValuesInput = z.input<typeof customValuesInputSchema>;

/** `PUT /api/prospects/:id/custom-fields` body: the values to set or clear; keys not named are kept. */
export const setProspectCustomValuesSchema = z.strictObject({ values: customValuesInputSchema });
export type SetProspectCustomValuesInput = z.input<typeof setProspectCustomValuesSchema>;

/** How a list filters on one custom field. */
export const customFilterOps = ['equals', 'contains', 'empty', 'not_empty'] as const;
export type CustomFilterOp = (typeof customFilterOps)[number];
export const customFilterOpLabels: Record<CustomFilterOp, string> = {
  equals: 'equals',
  contains: 'contains',
  empty: 'is empty',
  not_empty: 'is not empty',
};

/**
 * The list queries' custom field filter (campaign prospects, contacts): `field` (a key), `op` and,
 * for equals and contains, `value`. Without `field` there is no filter.
 */
export const customFilterQueryFields = {
  field: customFieldKeySchema.optional().or(z.literal('').transform(() => undefined)),
  op: z.enum(customFilterOps).default('equals'),
  value: z.string().trim().max(200, f.tooLong('Filter value', 200)).default(''),
};

/** `GET`/`PUT /api/prospect-import-mappings`: a CSV header's columns mapped to custom field keys. */
export const importMappingQuerySchema = z.object({
  /** The file's header cells, JSON-encoded (one query parameter keeps their order and commas). */
  headers: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      const parsed = z.array(z.string().max(500)).max(500).safeParse(safeJson(text));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'headers must be a JSON list of the header cells' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export const importMappingSchema = z.strictObject({
  headers: z.array(z.string().max(500)).min(1).max(500),
  /** Header cell → custom field key; headers not named are not imported into custom fields. */
  mapping: z.record(z.string().max(500), customFieldKeySchema),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
export const importMappingResultSchema = z.object({ mapping: z.record(z.string(), z.string()) });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
