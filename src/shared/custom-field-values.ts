import {
  customFieldMessages as m,
  MAX_CUSTOM_TEXT,
  type CustomField,
  type CustomValue,
  type CustomValues,
} from './schemas/custom-fields';
import { fieldMessages as f } from './schemas/field-messages';
import { CUSTOM_PLACEHOLDER_PREFIX, placeholderTokens } from './placeholders';

type FieldRule = Pick<CustomField, 'key' | 'label' | 'type' | 'options'>;

/** A value checked against its field: the value to store (null clears it) or why it is refused. */
export type CheckedValue = { ok: true; value: CustomValue | null } | { ok: false; message: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (ISO 8601's calendar date, as <input type=date> gives it). */
function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text;
}

/**
 * Checks one value against its field's type (docs/decisions/044-custom-fields.md): text up to
 * MAX_CUSTOM_TEXT characters; a number (a JSON number, or text such as `1234.5` from a CSV cell);
 * an http(s) URL; a date YYYY-MM-DD; one of a choice field's options (any case; stored as the option
 * is written). Null, undefined or blank text clears the value.
 */
export function checkCustomValue(field: FieldRule, raw: unknown): CheckedValue {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null) return { ok: false, message: m.invalidNumber(field.label) };
  if (text === '') return { ok: true, value: null };
  switch (field.type) {
    case 'text':
      return text.length <= MAX_CUSTOM_TEXT
        ? { ok: true, value: text }
        : { ok: false, message: f.tooLong(field.label, MAX_CUSTOM_TEXT) };
    case 'number': {
      const value =
        typeof raw === 'number'
          ? raw
          : /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)
            ? Number(text)
            : NaN;
      return Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: m.invalidNumber(field.label) };
    }
    case 'url': {
      const url = URL.parse(text);
      return url && (url.protocol === 'http:' || url.protocol === 'https:') && text.length <= MAX_CUSTOM_TEXT
        ? { ok: true, value: text }
        : { ok: false, message: m.invalidUrl(field.label) };
    }
    case 'date':
      return isCalendarDate(text)
        ? { ok: true, value: text }
        : { ok: false, message: m.invalidDate(field.label) };
    case 'choice': {
      const option = field.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option !== undefined
        ? { ok: true, value: option }
        : { ok: false, message: m.invalidChoice(field.label, field.options) };
    }
  }
}

/** A refused value: the field's key and the reason. */
export interface CustomValueIssue {
  key: string;
  message: string;
}

/**
 * Checks values by key against the workspace's fields.
 * @returns the values to store (null = clear) and the issues: an unknown key, a value of the wrong type.
 */
export function checkCustomValues(
  fields: readonly FieldRule[],
  input: Readonly<Record<string, unknown>>,
): { values: Record<string, CustomValue | null>; issues: CustomValueIssue[] } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const values: Record<string, CustomValue | null> = {};
  const issues: CustomValueIssue[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const field = byKey.get(key);
    if (!field) {
      issues.push({ key, message: m.unknownField(key) });
      continue;
    }
    const checked = checkCustomValue(field, raw);
    if (checked.ok) values[key] = checked.value;
    else issues.push({ key, message: checked.message });
  }
  return { values, issues };
}

/** Stored values with `changes` applied: a null change removes the key. */
export function mergeCustomValues(
  current: Readonly<CustomValues>,
  changes: Readonly<Record<string, CustomValue | null>>,
): CustomValues {
  const next: CustomValues = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** A value as text: what a placeholder puts in a message and a list cell shows. */
export function customValueText(value: CustomValue | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The keys of the `{{custom.key}}` placeholders a template uses, in order, once each. */
export function customPlaceholderKeys(template: string): string[] {
  const keys = placeholderTokens(template)
    .filter((t) => t.placeholder === null && t.name.startsWith(CUSTOM_PLACEHOLDER_PREFIX))
    .map((t) => t.name.slice(CUSTOM_PLACEHOLDER_PREFIX.length));
  return [...new Set(keys)];
}

/**
 * The `{{custom.key}}` placeholders of a sequence's steps (and their variants) that name no field of
 * the workspace, as VALIDATION_ERROR issues: path `steps.<i>.subject`, `steps.<i>.variants.<j>.content` …
 * and the message that says which key and where to add it (docs/decisions/044-custom-fields.md).
 */
export function unknownCustomPlaceholderIssues(
  steps: readonly {
    subject: string;
    content: string;
    variants: readonly { subject: string; content: string }[];
  }[],
  knownKeys: ReadonlySet<string>,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const check = (text: string, path: string, part: string) => {
    for (const key of customPlaceholderKeys(text))
      if (!knownKeys.has(key)) issues.push({ path, message: m.unknownPlaceholder(part, key) });
  };
  steps.forEach((step, i) => {
    check(step.subject, `steps.${i}.subject`, 'Subject');
    check(step.content, `steps.${i}.content`, 'Body');
    step.variants.forEach((v, j) => {
      check(v.subject, `steps.${i}.variants.${j}.subject`, 'Subject');
      check(v.content, `steps.${i}.variants.${j}.content`, 'Body');
    });
  });
  return issues;
}
