import { siteDomain, siteUrlFromInput } from './url-normalize';

/**
 * Placeholders of outreach emails (docs/product.md#email-accounts-and-sequences, plus [Website] and [Campaign Website] from
 * docs/decisions/009-outreach-sending.md and [AI First Line] from docs/decisions/010-ai-writing.md) and their rendering. A placeholder whose value is unknown for a prospect
 * is reported as missing, so the step is flagged for that prospect instead of going out with a hole
 * in it — except the optional ones, which simply drop out (the plain template).
 */
export const placeholders = {
  '[First Name]': 'firstName',
  '[Name]': 'name',
  '[Email Name]': 'emailName',
  '[Your Name]': 'yourName',
  '[Website]': 'website',
  '[Campaign Website]': 'campaignWebsite',
  /** The prospect's personalised opening line (docs/decisions/010-ai-writing.md), when one is approved. */
  '[AI First Line]': 'aiFirstLine',
} as const;

export type Placeholder = keyof typeof placeholders;
export type PlaceholderValues = Partial<
  Record<(typeof placeholders)[Placeholder], string | null | undefined>
> & {
  /**
   * The prospect's custom field values by key, for `{{custom.key}}` (docs/decisions/044-custom-fields.md);
   * absent or without the key: no value (the fallback, else the send is held).
   */
  custom?: Readonly<Record<string, string | number>>;
};

/** The prefix of custom field placeholders: `{{custom.site_topic}}`. */
export const CUSTOM_PLACEHOLDER_PREFIX = 'custom.';

/**
 * The `{{snake_case}}` names of the placeholders (`{{first_name}}` = `[First Name]`). Dotted names
 * parse too: `{{custom.key}}` is a custom field's value; any other dotted name is left as written.
 */
export const placeholderNames: Record<string, Placeholder> = {
  first_name: '[First Name]',
  name: '[Name]',
  email_name: '[Email Name]',
  your_name: '[Your Name]',
  website: '[Website]',
  campaign_website: '[Campaign Website]',
  ai_first_line: '[AI First Line]',
};

const bracketNames = Object.keys(placeholders)
  .map((p) => p.slice(1, -1).replace(/[[\]]/g, '\\$&'))
  .join('|');

/**
 * One placeholder as written: `[First Name]`, `[First Name|there]`, `{{first_name}}`,
 * `{{ first_name | there }}`, `{{custom.x|…}}`. Group 1/2: bracketed name and fallback; group 3/4:
 * braced name and fallback (docs/product.md#placeholder-fallbacks).
 */
const pattern = new RegExp(
  `\\[(${bracketNames})(?:\\|([^\\]\\n]*))?\\]|\\{\\{\\s*([A-Za-z][\\w]*(?:\\.[\\w]+)*)\\s*(?:\\|([^}\\n]*))?\\}\\}`,
  'g',
);

/** A placeholder token as written: its name (`[First Name]` or `custom.x`) and its fallback, if any. */
export interface PlaceholderToken {
  placeholder: Placeholder | null;
  name: string;
  fallback: string | null;
}

/** Every placeholder token of `template` in order (known or dotted names), with its fallback. */
export function placeholderTokens(template: string): PlaceholderToken[] {
  return [...template.matchAll(pattern)].map((m) => tokenOf(m));
}

function tokenOf(m: RegExpMatchArray): PlaceholderToken {
  if (m[1] !== undefined) {
    return { placeholder: `[${m[1]}]` as Placeholder, name: `[${m[1]}]`, fallback: m[2] ?? null };
  }
  const name = m[3]!;
  return { placeholder: placeholderNames[name] ?? null, name, fallback: m[4] ?? null };
}

/**
 * What a render produced: the text, and the placeholders that had no value (in order, unique), named
 * as the user wrote them: `[First Name]`, or `{{custom.site_topic}}` for a custom field.
 */
export interface Rendered {
  text: string;
  missing: string[];
}

/**
 * Placeholders a message may go without: with no value the template reads as if they were not there
 * (a line holding only the placeholder is removed with it), and they are never reported missing.
 */
export const optionalPlaceholders: ReadonlySet<Placeholder> = new Set<Placeholder>(['[AI First Line]']);

/** A line holding nothing but an optional placeholder, with one blank line after it. */
const optionalLine = (p: string) =>
  new RegExp(`^[ \\t]*${p.replace(/[[\]]/g, '\\$&')}[ \\t]*(?:\\r?\\n(?:[ \\t]*\\r?\\n)?|$)`, 'gm');

/**
 * Replaces every known placeholder in `template`; unknown bracketed text is left as written. A
 * placeholder with a fallback (`[First Name|there]`, `{{first_name|there}}`) uses the fallback when
 * its value is empty; without one an empty value is reported missing (the send is held).
 */
export function renderPlaceholders(template: string, values: PlaceholderValues): Rendered {
  const missing = new Set<string>();
  let source = template;
  for (const p of optionalPlaceholders) {
    if (!values[placeholders[p]]?.trim()) source = source.replace(optionalLine(p), '');
  }
  const text = source.replace(pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const token = tokenOf(args as unknown as RegExpMatchArray);
    if (!token.placeholder) {
      // A dotted name other than custom.key fills nothing and stays as written.
      if (!token.name.startsWith(CUSTOM_PLACEHOLDER_PREFIX)) return match;
      const custom = values.custom?.[token.name.slice(CUSTOM_PLACEHOLDER_PREFIX.length)];
      const value = custom === undefined ? '' : String(custom).trim();
      if (value) return value;
      if (token.fallback !== null) return token.fallback.trim();
      missing.add(`{{${token.name}}}`);
      return match;
    }
    const value = values[placeholders[token.placeholder]]?.trim();
    if (value) return value;
    // A fallback ([First Name|there]) stands in for an empty value, even an empty fallback.
    if (token.fallback !== null) return token.fallback.trim();
    if (optionalPlaceholders.has(token.placeholder)) return '';
    missing.add(token.placeholder);
    return match;
  });
  return { text, missing: [...missing] };
}

/** Title-cases a name part ('ANNA' → 'Anna', 'jean-luc' → 'Jean-Luc'). */
function titleCase(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|[-'\s])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** Generic mailbox names that are not a person's name, so [Email Name] stays unfilled for them. */
const ROLE_MAILBOXES = new Set([
  'info',
  'contact',
  'hello',
  'hi',
  'mail',
  'office',
  'admin',
  'support',
  'team',
  'editor',
  'editors',
  'editorial',
  'press',
  'media',
  'marketing',
  'sales',
  'webmaster',
  'noreply',
  'no-reply',
  'kontakt',
  'redaktion',
  'service',
]);

/**
 * The values a prospect gives the placeholders.
 * - First Name: first word of the contact name.
 * - Email Name: the person's name read from the address's local part ('jane.doe@' → 'Jane'),
 *   left empty for role mailboxes such as info@ or editor@.
 * - Website: the prospect's host without 'www.'.
 * - `{{custom.key}}`: the prospect's custom field values (docs/decisions/044-custom-fields.md).
 */
export function prospectPlaceholderValues(prospect: {
  contactName?: string | null;
  contactEmail?: string | null;
  website: string;
  customFields?: Readonly<Record<string, string | number>> | null;
}): PlaceholderValues {
  const name = prospect.contactName?.trim() || undefined;
  const local = prospect.contactEmail?.split('@')[0]?.toLowerCase() ?? '';
  const firstLocalPart = local.split(/[._+-]/)[0] ?? '';
  const emailName =
    firstLocalPart.length > 1 &&
    /^\p{L}+$/u.test(firstLocalPart) &&
    !ROLE_MAILBOXES.has(local) &&
    !ROLE_MAILBOXES.has(firstLocalPart)
      ? titleCase(firstLocalPart)
      : undefined;
  return {
    firstName: name?.split(/\s+/)[0],
    name,
    emailName,
    // [Website] reads as the site's domain ('https://www.Example.com/x' → 'example.com'); text that is no address stays as typed.
    website: siteDomain(siteUrlFromInput(prospect.website) ?? prospect.website.trim()),
    ...(prospect.customFields ? { custom: prospect.customFields } : {}),
  };
}

/**
 * Every placeholder value of one message: the prospect's (custom fields included), the sender's
 * name ([Your Name]) and the campaign's site ([Campaign Website]). The sending engine, the editor's
 * preview and the inbox's answers all use it, so the preview shows exactly what would be sent.
 */
export function messagePlaceholderValues(
  prospect: Parameters<typeof prospectPlaceholderValues>[0],
  sender: { yourName: string; campaignWebsite: string; aiFirstLine?: string | null },
): PlaceholderValues {
  return { ...prospectPlaceholderValues(prospect), ...sender };
}
