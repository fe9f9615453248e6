import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DiscoveredProspect } from './discover';
import { parseDiscoverArgs, prospectsCsv } from './discover-command';

describe('cli discover', () => {
  it('reads the site, repeated competitors, the target and the format', () => {
    const options = parseDiscoverArgs([
      '--site',
      'a.com',
      '--competitor',
      'b.com',
      '--competitor',
      'c.com',
      '--target',
      '7',
      '--format',
      'csv',
    ]);
    expect(options).toMatchObject({
      site: 'a.com',
      competitors: ['b.com', 'c.com'],
      target: 7,
      format: 'csv',
      inMemory: false,
    });
  });

  it.each([
    [[], 'discover needs --site URL'],
    [['--site', 'a.com', '--target', '0'], '--target must be a whole number from 1 to 1000'],
    [['--site', 'a.com', '--format', 'xml'], '--format must be json or csv'],
    [
      ['--site', 'a.com', ...Array.from({ length: 6 }, (_, i) => ['--competitor', `c${i}.com`]).flat()],
      'At most 5 competitors',
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseDiscoverArgs(argv)).toThrow(message);
  });

  it('prints CSV whose cells cannot start a formula', () => {
    const prospect: DiscoveredProspect = {
      domain: 'b.com',
      website: 'https://b.com/',
      contactEmail: 'ed@b.com',
      contactName: '=cmd()',
      alternativeEmails: ['x@b.com', 'y@b.com'],
      daScore: 12,
      relevanceScore: 45.5,
      opportunityType: 'guest_post',
      sourcePageUrl: 'https://b.com/write-for-us',
      sourceLinkUrl: null,
      sourceAnchorText: null,
    };
    const [header, row] = Papa.parse<string[]>(prospectsCsv([prospect])).data;
    expect(header).toContain('contactEmail');
    expect(row).toEqual([
      'https://b.com/',
      'b.com',
      'ed@b.com',
      "'=cmd()",
      'x@b.com y@b.com',
      '12',
      '45.5',
      'guest_post',
      'https://b.com/write-for-us',
      '',
      '',
    ]);
  });
});
