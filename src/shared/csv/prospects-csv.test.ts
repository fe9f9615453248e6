import { describe, expect, it } from 'vitest';
import { contactsCsvChunk, type ContactCsvRow } from './contacts-csv';
import { csvMessages, isCsvFile, parseProspectsCsv, rowErrorsFromIssues } from './prospects-csv';
import { guessCustomColumns } from './prospect-columns';

const ok = (text: string) => {
  const result = parseProspectsCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe('parseProspectsCsv (RFC 4180)', () => {
  it('reads rows under the header, skipping blank lines and trimming surrounding quotes', () => {
    const result = ok(
      'website,email,name,notes\r\n"blog.example.com",jo@example.com,"Jo, Editor","\'Likes guides\'"\r\n\r\n  \nsite.org,,,\n',
    );
    expect(result).toEqual({
      ok: true,
      valid: [
        {
          row: 2,
          prospect: {
            website: 'blog.example.com',
            contactEmail: 'jo@example.com',
            contactName: 'Jo, Editor',
            notes: 'Likes guides',
          },
        },
        { row: 5, prospect: { website: 'site.org', contactEmail: null, contactName: null, notes: null } },
      ],
      invalid: [],
      otherColumns: [],
    });
  });

  it('keeps quotes inside a field, RFC-quoted or bare', () => {
    const result = ok(
      'website,notes,name\r\na.com,"said ""hi""",Jo "JJ" Smith\r\nb.com,"He said ""hi"" twice",x\r\n',
    );
    expect(result.valid.map((r) => [r.prospect.notes, r.prospect.contactName])).toEqual([
      ['said "hi"', 'Jo "JJ" Smith'],
      ['He said "hi" twice', 'x'],
    ]);
  });

  it('checks every row with the server schema and numbers rows as the file does', () => {
    const text = [
      'website,email,name,notes',
      'good.com,jo@good.com,Jo,',
      'ok.org,,,',
      '',
      'bad-email.com,not-an-email,,',
      ',orphan@x.com,,',
      'not a url,,,',
      '"multi.com",,,"line one',
      'line two"',
      'late.com,a@late.com,,',
    ].join('\n');
    const result = ok(text);
    // A quoted line break stays inside its row, as in a spreadsheet.
    expect(result.valid.map((r) => r.row)).toEqual([2, 3, 8, 9]);
    expect(result.valid[2]!.prospect.notes).toBe('line one\nline two');
    expect(result.invalid).toEqual([
      { row: 5, message: 'Invalid email address' },
      { row: 6, message: 'Website is required' },
      { row: 7, message: 'Invalid website URL' },
    ]);
  });

  it('maps columns by name in any case, with aliases, and ignores other columns', () => {
    const result = ok('Contact Name,Phone,URL,E-mail\nAnn,123,ann.dev,ann@ann.dev\n');
    expect(result.valid[0]!.prospect).toEqual({
      website: 'ann.dev',
      contactEmail: 'ann@ann.dev',
      contactName: 'Ann',
      notes: null,
    });
    expect(ok('website\na.com\nb.com').valid).toHaveLength(2);
  });

  it('fills custom fields from mapped columns, checking each cell against its field’s type', () => {
    const text = 'Website,Topic,Visits,Phone\na.com,Coffee,1200,1\nb.com,,many,2\nc.com,Tea,,3\n';
    expect(ok(text).otherColumns).toEqual(['Topic', 'Visits', 'Phone']);
    const fields = [
      { key: 'site_topic', label: 'Site topic', type: 'text' as const, options: [] },
      { key: 'visits', label: 'Monthly visits', type: 'number' as const, options: [] },
    ];
    expect(guessCustomColumns(['Topic', 'Visits', 'Phone', 'site topic'], fields)).toEqual({
      'site topic': 'site_topic',
      Visits: 'visits',
    });
    const result = parseProspectsCsv(text, { fields, mapping: { Topic: 'site_topic', Visits: 'visits' } });
    if (!result.ok) throw new Error(result.message);
    expect(result.valid.map((r) => [r.row, r.prospect.customFields])).toEqual([
      [2, { site_topic: 'Coffee', visits: 1200 }],
      [4, { site_topic: 'Tea' }],
    ]);
    expect(result.invalid).toEqual([{ row: 3, message: 'Monthly visits must be a number' }]);
  });

  it("re-imports the app's own contacts export, formulas and all", () => {
    const contact: ContactCsvRow = {
      website: 'https://example.com',
      contactEmail: 'jo@example.com',
      contactName: '=HYPERLINK("x")',
      campaignName: 'Spring; 2026',
      status: 'sent',
      daScore: 54,
      relevanceScore: 87.5,
      metrics: { dr: 30 },
      lastContacted: null,
      notes: 'said "hi"\nbye',
      stepVariants: ['B'],
    };
    const text = contactsCsvChunk([contact, { ...contact, contactEmail: null, notes: null }], true);
    expect(ok(text).valid.map((r) => r.prospect)).toEqual([
      {
        website: 'https://example.com',
        contactEmail: 'jo@example.com',
        contactName: '=HYPERLINK("x")',
        notes: 'said "hi"\nbye',
      },
      { website: 'https://example.com', contactEmail: null, contactName: '=HYPERLINK("x")', notes: null },
    ]);
  });

  it('reads a file split by ; as spreadsheets in many languages save it', () => {
    expect(ok('Website;Email;Name\na.com;jo@a.com;"Ann; B"\n').valid[0]!.prospect).toEqual({
      website: 'a.com',
      contactEmail: 'jo@a.com',
      contactName: 'Ann; B',
      notes: null,
    });
  });

  it('refuses a file without a website column or with broken quoting', () => {
    const invalid = { ok: false, message: csvMessages.invalidFormat };
    expect(parseProspectsCsv('email,name\na@b.co,A\n')).toEqual(invalid);
    expect(parseProspectsCsv('website,notes\na.com,"never closed\n')).toEqual(invalid);
  });

  it('says a header-only file has no prospects', () => {
    const empty = { ok: false, message: 'This file has no prospects' };
    expect(parseProspectsCsv('website,email,name,notes\n')).toEqual(empty);
    expect(parseProspectsCsv('website,email,name,notes\r\n\r\n,,,\r\n')).toEqual(empty);
  });

  it('takes 10,000 rows and names the limit and the count beyond it', () => {
    const file = (n: number) =>
      `website\n${Array.from({ length: n }, (_, i) => `site${i}.com`).join('\n')}\n`;
    expect(ok(file(10_000)).valid).toHaveLength(10_000);
    expect(parseProspectsCsv(file(10_001))).toEqual({
      ok: false,
      message: 'This file has 10,001 prospects. A CSV file can hold at most 10,000 prospects.',
    });
  });

  it('knows CSV files by name or type', () => {
    expect(isCsvFile({ name: 'list.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'list', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
  });
});

describe('rowErrorsFromIssues', () => {
  it("puts the server's issues on the file's rows", () => {
    const issues = [
      { path: 'prospects.1.contactEmail', message: 'Invalid email address' },
      { path: 'prospects.0.website', message: 'Invalid website URL' },
      { path: 'prospects.1.website', message: 'Invalid website URL' },
      { path: 'name', message: 'Campaign name is required' },
    ];
    expect(rowErrorsFromIssues(issues, [4, 9])).toEqual([
      { row: 4, message: 'Invalid website URL' },
      { row: 9, message: 'Invalid email address; Invalid website URL' },
    ]);
  });
});
