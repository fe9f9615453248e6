/**
 * Placeholders of outreach emails (spec §9 plus [Website] and [Campaign Website], issue 6) and
 * their rendering. A placeholder whose value is unknown for a prospect is reported as missing, so
 * the step is flagged for that prospect instead of going out with a hole in it.
 */
export const placeholders = {
  '[First Name]': 'firstName',
  '[Name]': 'name',
  '[Email Name]': 'emailName',
  '[Your Name]': 'yourName',
  '[Website]': 'website',
  '[Campaign Website]': 'campaignWebsite',
} as const;

export type Placeholder = keyof typeof placeholders;
export type PlaceholderValues = Partial<
  Record<(typeof placeholders)[Placeholder], string | null | undefined>
>;

const pattern = new RegExp(
  Object.keys(placeholders)
    .map((p) => p.replace(/[[\]]/g, '\\$&'))
    .join('|'),
  'g',
);

/** What a render produced: the text, and the placeholders that had no value (in order, unique). */
export interface Rendered {
  text: string;
  missing: Placeholder[];
}

/** Replaces every known placeholder in `template`; unknown bracketed text is left as written. */
export function renderPlaceholders(template: string, values: PlaceholderValues): Rendered {
  const missing = new Set<Placeholder>();
  const text = template.replace(pattern, (match) => {
    const key = placeholders[match as Placeholder];
    const value = values[key]?.trim();
    if (!value) {
      missing.add(match as Placeholder);
      return match;
    }
    return value;
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
 */
export function prospectPlaceholderValues(prospect: {
  contactName?: string | null;
  contactEmail?: string | null;
  website: string;
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
    website: hostOf(prospect.website),
  };
}

/**
 * Every placeholder value of one message: the prospect's, the sender's name ([Your Name]) and the
 * campaign's site ([Campaign Website]). The sending engine and the editor's preview both use it, so
 * the preview shows exactly what would be sent.
 */
export function messagePlaceholderValues(
  prospect: Parameters<typeof prospectPlaceholderValues>[0],
  sender: { yourName: string; campaignWebsite: string },
): PlaceholderValues {
  return { ...prospectPlaceholderValues(prospect), ...sender };
}

/** The host of a site string ('https://www.Example.com/x' → 'example.com'); the input trimmed if it is no URL. */
export function hostOf(site: string): string {
  const trimmed = site.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return trimmed;
  }
}
