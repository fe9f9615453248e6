/**
 * Reads every export in a folder (and its sub-folders) as an upload would and prints what was
 * recognised: encoding, delimiter, tool, report, the columns mapped, the record and domain counts,
 * whether LinkPilot would refuse it (and the sentence the user sees), and the first records' fields.
 * A hand check of the importer's rules against real files (docs/decisions/033-backlink-export-import.md);
 * never run by tests or CI.
 *
 *   npx tsx scripts/check-seo-exports.ts /path/to/folder [--rows N] [--at 100,400]
 *
 * `--rows` prints the first N records (3), `--at` also the records at those 1-based positions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportText, readExportRows } from '../src/server/discovery/backlink-exports/read-export';
import { recogniseHeader } from '../src/shared/seo-exports/recognise';
import { recordFromRow, type ExportRecord } from '../src/shared/seo-exports/records';
import { refusalOf } from '../src/shared/seo-exports/refusals';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { rows: { type: 'string', default: '3' }, at: { type: 'string', default: '' } },
});
const folder = positionals[0];
if (!folder) {
  console.error('usage: npx tsx scripts/check-seo-exports.ts <folder> [--rows N] [--at 100,400]');
  process.exit(2);
}
const shown = Number(values.rows);
const picked = values.at ? values.at.split(',').map(Number) : [];

/** Every file under a folder, sorted, skipping Markdown notes. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return filesUnder(full);
      return name.endsWith('.md') ? [] : [full];
    });

const describeRecord = (record: ExportRecord) =>
  JSON.stringify({
    domain: record.domain,
    linkingPage: record.linkingPage,
    targetUrl: record.targetUrl,
    anchor: record.anchor,
    rel: record.rel,
    firstSeen: record.firstSeen,
    metrics: Object.fromEntries(record.metrics.map((m) => [`${m.source}.${m.metric}`, m.value])),
    ...(record.targets.length ? { targets: record.targets } : {}),
  });

for (const file of filesUnder(folder)) {
  const text = exportText(readFileSync(file));
  const rows: string[][] = [];
  const { header } = await readExportRows(text, (chunk) => void rows.push(...chunk));
  const recognition = recogniseHeader(header);
  const records = rows.map((row) => recordFromRow(row, recognition.mapping));
  const domains = new Set(records.map((r) => r.domain).filter(Boolean));
  const { fields, metrics, targets } = recognition.mapping;
  console.log(`\n== ${path.relative(folder, file)}`);
  console.log(
    `   ${text.encoding}, delimiter ${JSON.stringify(text.delimiter)}; ${recognition.tool} / ${recognition.report}; ` +
      `${records.length} records, ${domains.size} domains`,
  );
  console.log(
    `   fields: ${Object.entries(fields)
      .map(([field, column]) => `${field}=${JSON.stringify(header[column])}`)
      .join(', ')}`,
  );
  if (metrics.length)
    console.log(
      `   metrics: ${metrics.map((m) => `${m.source}.${m.metric}=${JSON.stringify(header[m.column])}`).join(', ')}`,
    );
  if (targets.length) console.log(`   targets: ${targets.map((t) => t.domain).join(', ')}`);
  const refusal = refusalOf(recognition.tool, recognition.report);
  if (refusal) console.log(`   REFUSED: ${refusal}`);
  records.slice(0, shown).forEach((record, i) => console.log(`   #${i + 1} ${describeRecord(record)}`));
  for (const at of picked) if (records[at - 1]) console.log(`   #${at} ${describeRecord(records[at - 1]!)}`);
}
