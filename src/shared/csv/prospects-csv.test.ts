import { describe, expect, it } from 'vitest';
import { csvMessages, isCsvFile, parseProspectsCsv } from './prospects-csv';

describe('parseProspectsCsv (spec §5)', () => {
  it('reads rows under the header, skipping blank lines and trimming quotes', () => {
    const result = parseProspectsCsv(
      'website,email,name,notes\r\n"blog.example.com",jo@example.com,"Jo, Editor","Likes ""guides"""\r\n\r\n  \nsite.org,,,\n',
    );
    expect(result).toEqual({
      ok: true,
      prospects: [
        {
          website: 'blog.example.com',
          contactEmail: 'jo@example.com',
          contactName: 'Jo, Editor',
          notes: 'Likes "guides',
        },
        { website: 'site.org', contactEmail: null, contactName: null, notes: null },
      ],
    });
  });

  it('accepts columns in another order and a website-only file', () => {
    const result = parseProspectsCsv('Name,Website\nAnn,ann.dev\n');
    expect(result.ok && result.prospects[0]).toMatchObject({ website: 'ann.dev', contactName: 'Ann' });
    expect(parseProspectsCsv('website\na.com\nb.com').ok).toBe(true);
  });

  it('refuses a missing website column, unknown columns or a row without a website', () => {
    const invalid = { ok: false, message: csvMessages.invalidFormat };
    expect(parseProspectsCsv('email,name\na@b.co,A\n')).toEqual(invalid);
    expect(parseProspectsCsv('website,phone\na.com,123\n')).toEqual(invalid);
    expect(parseProspectsCsv('website,email\na.com,x@y.z\n,only@email.com\n')).toEqual(invalid);
  });

  it('gives zero prospects for a header-only file', () => {
    expect(parseProspectsCsv('website,email,name,notes\n')).toEqual({ ok: true, prospects: [] });
  });

  it('knows CSV files by name or type', () => {
    expect(isCsvFile({ name: 'list.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'list', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
  });
});
