/** The prospect fields a CSV column can fill. */
export type ProspectColumn = 'website' | 'email' | 'name' | 'notes';

/**
 * Header names each field is known by, compared without case, spaces, underscores or hyphens: the
 * upload's website,email,name,notes, the contacts export's Website, Email, Name, Notes
 * (contacts-csv.ts), and names other tools commonly export.
 */
const HEADER_NAMES: Record<ProspectColumn, readonly string[]> = {
  website: ['website', 'url', 'site', 'domain', 'websiteurl'],
  email: ['email', 'emailaddress', 'contactemail', 'mail'],
  name: ['name', 'contactname', 'contact', 'fullname'],
  notes: ['notes', 'note', 'comments', 'comment'],
};

const key = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Where each field's column is in a CSV header (0-based); the first column bearing a field's name wins
 * and columns with other names are ignored.
 * @returns the indexes, or null when no column names the website (the one required field).
 */
export function prospectColumnIndexes(
  header: readonly string[],
): ({ website: number } & Partial<Record<ProspectColumn, number>>) | null {
  const indexes: Partial<Record<ProspectColumn, number>> = {};
  header.forEach((name, index) => {
    const column = (Object.keys(HEADER_NAMES) as ProspectColumn[]).find((field) =>
      HEADER_NAMES[field].includes(key(name)),
    );
    if (column && indexes[column] === undefined) indexes[column] = index;
  });
  return indexes.website === undefined ? null : { ...indexes, website: indexes.website };
}

/**
 * A first guess at which of a file's other columns fill which custom field, for a header set the
 * workspace has not mapped before: a header that reads as a field's key or label (without case,
 * spaces, underscores or hyphens: "Site topic", "site_topic", "SITE-TOPIC") maps to it.
 */
export function guessCustomColumns(
  columns: readonly string[],
  fields: readonly { key: string; label: string }[],
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const column of columns) {
    const field = fields.find(
      (f) => !used.has(f.key) && (key(f.key) === key(column) || key(f.label) === key(column)),
    );
    if (field) {
      mapping[column] = field.key;
      used.add(field.key);
    }
  }
  return mapping;
}
