import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  contactsCsvChunk,
  contactsCsvColumns,
  contactsExportFileName,
  type ContactCsvRow,
} from './contacts-csv';

const row: ContactCsvRow = {
  website: 'https://example.com',
  contactEmail: 'jo@example.com',
  contactName: 'Jo "JJ" Smith',
  campaignName: 'Spring, 2026',
  status: 'sent',
  daScore: 54,
  relevanceScore: 87.5,
  metrics: { dr: 45, organic_traffic: 1456241 },
  lastContacted: '2026-03-01T10:00:00.000Z',
  notes: 'line one\nline "two"',
  stepVariants: ['A', 'Clicked · B'],
};

describe('contacts CSV export (RFC 4180)', () => {
  it('writes the header and rows that parse back to the same values', () => {
    const text =
      contactsCsvChunk([row], true) + contactsCsvChunk([{ ...row, notes: null, daScore: null }], false);
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;
    expect(parsed[0]).toEqual([...contactsCsvColumns]);
    expect(parsed[1]).toEqual([
      'https://example.com',
      'jo@example.com',
      'Jo "JJ" Smith',
      'Spring, 2026',
      'sent',
      '54',
      '87.5',
      // DR, UR, DA, PA, Spam Score, Authority Score, TF, CF, Organic traffic, DataForSEO Rank: the domain's metrics.
      '45',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '1456241',
      '',
      '2026-03-01T10:00:00.000Z',
      'line one\nline "two"',
      'A',
      'Clicked · B',
      '',
    ]);
    expect(parsed[2]?.[5]).toBe('');
    expect(text).toContain('"line one\nline ""two"""');
  });

  it('neutralises cells that would start a formula', () => {
    const text = contactsCsvChunk([{ ...row, contactName: '=HYPERLINK("x")', notes: '@SUM(A1)' }], false);
    const cells = Papa.parse<string[]>(text.trimEnd()).data[0]!;
    expect(cells[2]).toBe(`'=HYPERLINK("x")`);
    expect(cells[contactsCsvColumns.indexOf('Notes')]).toBe(`'@SUM(A1)`);
  });

  it('quotes every text cell, so a spreadsheet splitting on ; or a tab starts no formula', () => {
    const trap = 'x;=1+1;';
    const text = contactsCsvChunk(
      [
        {
          ...row,
          website: trap,
          contactEmail: trap,
          contactName: trap,
          campaignName: trap,
          status: trap,
          notes: trap,
        },
      ],
      true,
    );
    const [header, line] = text.split('\r\n');
    expect(header).toBe(
      '"Website","Email","Name","Campaign","Status",LinkPilot Score,Relevance Score,' +
        'DR,UR,DA,PA,Spam Score,Authority Score,TF,CF,Organic traffic,DataForSEO Rank,"Last Contacted","Notes",' +
        '"Step 1 Variant","Step 2 Variant","Step 3 Variant"',
    );
    expect(line).toBe(
      `"${trap}","${trap}","${trap}","${trap}","${trap}",54,87.5,45,,,,,,,,1456241,,"2026-03-01T10:00:00.000Z","${trap}","A","Clicked · B",""`,
    );
    for (const delimiter of [';', '\t']) {
      const cells = Papa.parse<string[]>(text, { delimiter }).data.flat();
      expect(cells.filter((cell) => cell.trimStart().startsWith('='))).toEqual([]);
    }
    // The same cells unquoted would give Excel a formula after the separator.
    const bare = Papa.unparse([[trap, 'y']], { quotes: false });
    expect(Papa.parse<string[]>(bare, { delimiter: ';' }).data.flat()).toContain('=1+1');
  });

  it('names the file contacts_export_YYYY-MM-DD.csv', () => {
    expect(contactsExportFileName(new Date('2026-11-21T23:59:00Z'))).toBe('contacts_export_2026-11-21.csv');
  });
});
