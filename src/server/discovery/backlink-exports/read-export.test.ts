import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportLabel } from '../../../shared/seo-exports/formats';
import { recogniseHeader } from '../../../shared/seo-exports/recognise';
import { refusalOf } from '../../../shared/seo-exports/refusals';
import { recordFromRow, type ExportRecord } from '../../../shared/seo-exports/records';
import { exportText, readExportRows } from './read-export';

const FIXTURES = join(import.meta.dirname, '__fixtures__');
/** The shared folder of whole exports (docs: its SOURCES.md); tests over it skip where it is absent. */
const SHARED = process.env.SEO_EXPORTS_DIR ?? '/work/shared/fixtures/seo-exports';

async function readAll(bytes: Uint8Array) {
  const file = exportText(bytes);
  const rows: string[][] = [];
  const { header } = await readExportRows(file, (chunk) => void rows.push(...chunk));
  const recognition = recogniseHeader(header);
  return { file, header, recognition, records: rows.map((row) => recordFromRow(row, recognition.mapping)) };
}

const fixture = (name: string) => readAll(readFileSync(join(FIXTURES, name)));
const metric = (record: ExportRecord | undefined, name: string, source: string) =>
  record?.metrics.find((m) => m.metric === name && m.source === source)?.value;

describe('backlink exports in the repository (checked by hand against the files)', () => {
  it('reads an Ahrefs UTF-16 LE tab export: DR, UR, domain traffic, anchor, nofollow flag, first seen', async () => {
    const { file, recognition, records } = await fixture('ahrefs-backlinks-utf16.csv');
    expect(file).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(recognition).toMatchObject({ tool: 'ahrefs', report: 'backlinks' });
    expect(records).toHaveLength(12);
    // Record 3 and record 7 of the file.
    expect(records[2]).toMatchObject({
      domain: 'familiasenruta.com',
      linkingPage: 'https://familiasenruta.com/hoteles-con-ninos/hoteles-spa-balnearios-con-ninos/',
      targetUrl: 'https://www.caldea.com/',
      anchor: 'Caldea',
      rel: '',
      firstSeen: '2024-10-27',
    });
    expect(metric(records[2], 'dr', 'ahrefs')).toBe(39);
    expect(metric(records[2], 'ur', 'ahrefs')).toBe(5);
    expect(metric(records[2], 'organic_traffic', 'ahrefs')).toBe(66436);
    expect(records[6]).toMatchObject({
      domain: 'chollo.es',
      anchor: 'https://www.caldea.com',
      rel: 'nofollow',
    });
    expect(metric(records[6], 'dr', 'ahrefs')).toBe(21);
  });

  it('reads an Ahrefs 2020 export: "#" column, "(desc)" sort marker, rel from the Type column', async () => {
    const { file, recognition, records } = await fixture('ahrefs-2020-broken-backlinks.csv');
    expect(file).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(recognition).toMatchObject({ tool: 'ahrefs', report: 'backlinks' });
    expect(records[0]).toMatchObject({ domain: '2dogsmusic.com', rel: 'nofollow ugc' });
    expect(records[3]).toMatchObject({
      domain: 'dansullivaninsurance.com',
      linkingPage: 'https://dansullivaninsurance.com/blog/',
      anchor: 'iii.org',
      rel: 'nofollow',
    });
    expect(metric(records[3], 'dr', 'ahrefs')).toBe(4);
    expect(metric(records[3], 'ur', 'ahrefs')).toBe(14);
  });

  it('reads a Semrush backlinks export: true/false flags and YYYY-MM-DD dates', async () => {
    const { recognition, records } = await fixture('semrush-backlinks.csv');
    expect(recognition).toMatchObject({ tool: 'semrush', report: 'backlinks' });
    expect(records[4]).toMatchObject({
      domain: 'public-dev.gsb.stanford.edu',
      linkingPage: 'https://public-dev.gsb.stanford.edu/insights/designing-markets-faster-better-vaccines',
      targetUrl: 'https://www.acceleratinght.org/',
      anchor: 'Accelerating Health Technologies',
      rel: '',
      firstSeen: '2024-11-30',
    });
  });

  it('reads a Semrush referring domains export with its Authority Score', async () => {
    const { recognition, records } = await fixture('semrush-refdomains.csv');
    expect(recognition).toMatchObject({ tool: 'semrush', report: 'referring_domains' });
    expect(records[0]).toMatchObject({ domain: 'memekrapet.com', firstSeen: '2025-01-03' });
    expect(metric(records[0], 'authority_score', 'semrush')).toBe(4);
  });

  it('reads Search Console top linking sites', async () => {
    const { recognition, records } = await fixture('gsc-top-linking-sites.csv');
    expect(recognition).toMatchObject({ tool: 'gsc', report: 'linking_sites' });
    expect(records).toHaveLength(17);
    expect(records[0]?.domain).toBe('yellowpages.com');
  });

  it('tells Search Console’s five Links exports apart, and refuses the two that name no linking site', async () => {
    const reports = await Promise.all(
      [
        'gsc-latest-links.csv',
        'gsc-more-sample-links.csv',
        'gsc-top-linking-sites.csv',
        'gsc-top-linking-text.csv',
        'gsc-top-target-pages.csv',
      ].map(async (name) => {
        const { recognition, records } = await fixture(name);
        const { tool, report } = recognition;
        return { tool, label: reportLabel(tool, report), refused: refusalOf(tool, report), records };
      }),
    );
    expect(reports.map((r) => r.tool)).toEqual(['gsc', 'gsc', 'gsc', 'gsc', 'gsc']);
    expect(reports.map((r) => r.label)).toEqual([
      'Latest links',
      'More sample links',
      'Top linking sites',
      'Top linking text',
      'Top target pages',
    ]);
    const [latest, sample, , text, targets] = reports;
    // Records 1 and 10 of each file.
    expect(latest!.records[9]).toMatchObject({
      domain: 'dexknows.com',
      linkingPage: 'https://www.dexknows.com/chickasha-ok/electrical-power-systems-maintenance',
    });
    expect(sample!.records[0]?.domain).toBe('uscity.net');
    expect(reports.slice(0, 3).map((r) => r.refused)).toEqual([null, null, null]);
    expect(text!.refused).toMatch(/“Top linking text” export.*not the sites that link.*“Latest links”/);
    expect(targets!.refused).toMatch(
      /“Top linked pages” export.*your pages that are linked to.*“Latest links”/,
    );
  });

  it('reads Semrush outbound domains, and refuses its indexed pages (the site’s own pages)', async () => {
    const outbound = await fixture('semrush-outbound-domains.csv');
    expect(outbound.recognition).toMatchObject({ tool: 'semrush', report: 'outbound_domains' });
    expect(outbound.records).toHaveLength(77);
    expect(outbound.records[39]).toMatchObject({ domain: 'worldreader.org', firstSeen: '2024-11-25' });
    expect(metric(outbound.records[39], 'authority_score', 'semrush')).toBe(30);
    expect(refusalOf('semrush', 'outbound_domains')).toBeNull();

    const pages = await fixture('semrush-indexed-pages.csv');
    expect(pages.recognition).toMatchObject({ tool: 'semrush', report: 'indexed_pages' });
    expect(refusalOf('semrush', 'indexed_pages')).toMatch(/own pages.*Backlinks or Referring domains/);
    // A file of no known tool is mapped by the user, never refused for its columns.
    expect(refusalOf('other', 'anchors')).toBeNull();
  });

  it('reads SpamZilla: each metric under its own source, multi-line cells kept in their row', async () => {
    const { recognition, records } = await fixture('spamzilla-domains.csv');
    expect(recognition).toMatchObject({ tool: 'spamzilla', report: 'domain_list' });
    expect(records).toHaveLength(8);
    expect(records[1]?.domain).toBe('buellcenter.org');
    expect(metric(records[1], 'tf', 'majestic')).toBe(28);
    expect(metric(records[1], 'cf', 'majestic')).toBe(20);
    expect(metric(records[1], 'dr', 'ahrefs')).toBe(24);
    expect(metric(records[1], 'da', 'moz')).toBe(25);
    expect(metric(records[1], 'pa', 'moz')).toBe(32);
  });
});

describe('encodings and delimiters, and the tools without a real file here', () => {
  const csv =
    'Source URL;Target URL;Anchor Text;Flag NoFollow;Source Trust Flow;Source Citation Flow;FirstIndexedDate\r\n' +
    'https://blog.example.org/post;https://competitor.test/;"great ; tools";1;31;40;2024-02-03\r\n';
  const utf16 = (text: string, bigEndian: boolean, bom: boolean) => {
    const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
    return bigEndian ? le.swap16() : le;
  };

  it.each([
    ['UTF-8', Buffer.from(csv)],
    ['UTF-8 with BOM', Buffer.from(`\uFEFF${csv}`)],
    ['UTF-16 LE without BOM', utf16(csv, false, false)],
    ['UTF-16 BE with BOM', utf16(csv, true, true)],
    ['UTF-16 BE without BOM', utf16(csv, true, false)],
  ])('reads a Majestic semicolon export in %s', async (_name, bytes) => {
    const { file, recognition, records } = await readAll(bytes);
    expect(file.delimiter).toBe(';');
    expect(recognition).toMatchObject({ tool: 'majestic', report: 'backlinks' });
    expect(records[0]).toMatchObject({
      domain: 'blog.example.org',
      anchor: 'great ; tools',
      rel: 'nofollow',
      firstSeen: '2024-02-03',
    });
    expect(metric(records[0], 'tf', 'majestic')).toBe(31);
  });

  it('reads Moz linking domains and an Ahrefs link intersect, and leaves an unknown file to the user', async () => {
    const moz = await readAll(
      Buffer.from(
        'Root Domain,Domain Authority,Spam Score,Linking Domains to Root Domain\nwww.news.example,54,2%,1200\n',
      ),
    );
    expect(moz.recognition).toMatchObject({ tool: 'moz', report: 'referring_domains' });
    expect(moz.records[0]?.domain).toBe('news.example');
    expect(metric(moz.records[0], 'spam_score', 'moz')).toBe(2);

    const intersect = await readAll(
      Buffer.from(
        'Domain\tDomain rating\tIntersect\thttps://a.test/\thttps://www.b.test/\nblog.example\t40\t2\t3\t1\nother.example\t10\t1\t0\t2\n',
      ),
    );
    expect(intersect.recognition).toMatchObject({ tool: 'ahrefs', report: 'link_intersect' });
    expect(intersect.records.map((r) => r.targets)).toEqual([['a.test', 'b.test'], ['b.test']]);

    const unknown = await readAll(Buffer.from('Foo,Bar\n1,2\n'));
    expect(unknown.recognition).toMatchObject({ tool: 'other', report: 'unknown' });
  });
});

describe.skipIf(!existsSync(SHARED))('every export of the shared folder', () => {
  const files = existsSync(SHARED)
    ? readdirSync(SHARED, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          readdirSync(join(SHARED, d.name)).map((f) => ({ tool: d.name, path: join(SHARED, d.name, f) })),
        )
    : [];

  it.each(files)('recognises $path as its tool and reads every record', async ({ tool, path }) => {
    const { recognition, records } = await readAll(readFileSync(path));
    expect(recognition.tool).toBe(tool);
    expect(recognition.report).not.toBe('unknown');
    // Its SOURCES.md counts each file's records; the folder name is the tool.
    const sources = readFileSync(join(SHARED, 'SOURCES.md'), 'utf8');
    const line = sources.split('\n').find((l) => l.includes(path.slice(SHARED.length + 1)));
    expect(records).toHaveLength(
      Number(/\| (\d+) \((?:complete|of \d+, truncated)\) \|$/.exec(line ?? '')?.[1]),
    );
    const withSites = refusalOf(recognition.tool, recognition.report) ? 0 : 1;
    expect(records.filter((r) => r.domain).length >= withSites * records.length * 0.9).toBe(true);
  });
});

describe('a 100,000-row export', () => {
  it('is read a chunk at a time, letting other work run between chunks', async () => {
    const header = '"Referring page URL"\t"Domain rating"\t"Target URL"\t"Anchor"\n';
    const rows = Array.from(
      { length: 100_000 },
      (_, i) =>
        `"https://site${i % 20_000}.example/post-${i}"\t"${i % 100}"\t"https://rival.test/"\t"anchor ${i}"\n`,
    );
    const bytes = Buffer.from(`\uFEFF${header}${rows.join('')}`, 'utf16le');
    let chunks = 0;
    let records = 0;
    let finished = false;
    let otherWorkRanDuringParse = false;
    const parse = readExportRows(exportText(bytes), (chunk) => {
      chunks++;
      records += chunk.length;
    }).then(() => (finished = true));
    setImmediate(() => (otherWorkRanDuringParse = !finished));
    await parse;
    expect(records).toBe(100_000);
    expect(chunks).toBeGreaterThan(10);
    expect(otherWorkRanDuringParse).toBe(true);
  });
});
