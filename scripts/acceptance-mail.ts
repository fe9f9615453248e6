/**
 * Acceptance run of the inbound-mail classifier on a folder of real messages (never run by tests
 * or CI):
 *
 *   npx tsx scripts/acceptance-mail.ts /path/to/fixtures/mail [--json FILE]
 *
 * The folder holds `truth.json` ({ files: { "<path>": expected } }: class, hard, hardDisputed,
 * delayWarning, recipients, originalMessageId) and the messages under the paths it names. Every
 * message is parsed with mailparser and classified as it arrives and again with CRLF line ends (as
 * IMAP hands it over). Prints bounce recall and precision, hard/soft agreement on undisputed rows,
 * failed recipients right (and how often the report's own To: was named), delay notices said hard,
 * real replies kept as replies, CRLF verdict changes and crashes; exits 1 when a target of
 * docs/decisions/013-inbound-classification.md is missed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { classifyInbound, type Inbound } from '../src/server/inbox/pipeline/classify';

interface Expected {
  class: string;
  group?: string;
  hard: boolean | null;
  hardDisputed?: boolean;
  delayWarning?: boolean;
  recipients: string[];
  originalMessageId: string | null;
}

interface Row {
  file: string;
  expected: Expected;
  got?: Inbound;
  crlfChanged?: boolean;
  crash?: string;
  reportTo?: string | null;
}

/** Classes that must never come out as a bounce. */
const NOT_BOUNCES = new Set(['reply', 'auto-reply', 'spam', 'delivered']);
/** Used when a message has no usable Date header. */
const FALLBACK_RECEIVED = new Date('2020-01-01T00:00:00Z');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'string' } },
});
const folder = positionals[0];
if (!folder) {
  console.error('usage: npx tsx scripts/acceptance-mail.ts /path/to/fixtures/mail [--json FILE]');
  process.exit(2);
}

/** Comparable form of a verdict: what the caller acts on. */
const verdict = (inbound: Inbound) =>
  JSON.stringify(
    inbound.kind === 'bounce'
      ? [inbound.kind, inbound.type, inbound.recipient, inbound.status, inbound.originalMessageId]
      : inbound.kind === 'auto-reply'
        ? [inbound.kind, inbound.returnsOn?.toISOString() ?? null]
        : [inbound.kind],
  );

async function classifyRaw(raw: Buffer) {
  const mail = await simpleParser(raw);
  const received = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : FALLBACK_RECEIVED;
  return { mail, inbound: classifyInbound(mail, received) };
}

async function run(): Promise<Row[]> {
  const truth = JSON.parse(readFileSync(path.join(folder!, 'truth.json'), 'utf8')) as {
    files: Record<string, Expected>;
  };
  const rows: Row[] = [];
  for (const [file, expected] of Object.entries(truth.files).sort(([a], [b]) => a.localeCompare(b))) {
    const at = path.join(folder!, file);
    if (!existsSync(at)) continue;
    const row: Row = { file, expected };
    rows.push(row);
    const raw = readFileSync(at);
    try {
      const { mail, inbound } = await classifyRaw(raw);
      row.got = inbound;
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
      row.reportTo = to ? to.toLowerCase() : null;
      const crlf = Buffer.from(raw.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
      row.crlfChanged = verdict((await classifyRaw(crlf)).inbound) !== verdict(inbound);
    } catch (error) {
      row.crash = String((error as Error)?.message ?? error);
    }
  }
  return rows;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const show = (a: number, b: number) => `${a}/${b} (${(100 * ratio(a, b)).toFixed(1)}%)`;
const bounceOf = (row: Row) => (row.got?.kind === 'bounce' ? row.got : null);

const rows = await run();
if (rows.length === 0) {
  console.error(`no message of truth.json found under ${folder}`);
  process.exit(2);
}
const bounces = rows.filter((r) => r.expected.class === 'bounce');
const found = bounces.filter((r) => bounceOf(r));
const falseBounces = rows.filter((r) => NOT_BOUNCES.has(r.expected.class) && bounceOf(r));
const judged = found.filter((r) => r.expected.hard !== null && !r.expected.hardDisputed);
const agreed = judged.filter((r) => bounceOf(r)!.hard === r.expected.hard);
const named = found.filter((r) => r.expected.recipients.length > 0);
const rightRecipient = named.filter((r) => r.expected.recipients.includes(bounceOf(r)!.recipient ?? ''));
const ownAddress = found.filter(
  (r) => r.reportTo && bounceOf(r)!.recipient === r.reportTo && !r.expected.recipients.includes(r.reportTo),
);
const delays = bounces.filter((r) => r.expected.delayWarning);
const delaysHard = delays.filter((r) => bounceOf(r)?.hard);
const replies = rows.filter((r) => r.expected.class === 'reply');
const repliesKept = replies.filter((r) => r.got?.kind === 'reply' || r.got?.kind === 'unsubscribe');
const crlfChanged = rows.filter((r) => r.crlfChanged);
const crashes = rows.filter((r) => r.crash);
const withId = found.filter((r) => r.expected.originalMessageId);
const rightId = withId.filter(
  (r) =>
    bounceOf(r)!.originalMessageId?.replace(/^<|>$/g, '').toLowerCase() ===
    r.expected.originalMessageId!.toLowerCase(),
);

console.log(`Inbound classifier acceptance: ${rows.length} messages under ${folder}`);
console.log(`  bounce recall:              ${show(found.length, bounces.length)}`);
console.log(
  `  bounce precision:           ${ratio(found.length, found.length + falseBounces.length).toFixed(3)} (${falseBounces.length} false bounces)`,
);
console.log(`  hard/soft (undisputed):     ${show(agreed.length, judged.length)}`);
console.log(`  failed recipient right:     ${show(rightRecipient.length, named.length)}`);
console.log(`  report's own To: named:     ${ownAddress.length}`);
console.log(`  original Message-ID right:  ${show(rightId.length, withId.length)}`);
console.log(`  delay notices said hard:    ${show(delaysHard.length, delays.length)}`);
console.log(`  real replies kept:          ${show(repliesKept.length, replies.length)}`);
console.log(`  CRLF verdict changed:       ${crlfChanged.length}`);
console.log(`  crashes:                    ${crashes.length}`);
for (const r of crashes) console.log(`    ${r.file}: ${r.crash}`);

const weak = new Map<string, { files: number; missed: number; disagree: number; recipient: number }>();
for (const r of bounces) {
  const group = r.expected.group ?? path.dirname(r.file);
  const g = weak.get(group) ?? { files: 0, missed: 0, disagree: 0, recipient: 0 };
  g.files++;
  const got = bounceOf(r);
  if (!got) g.missed++;
  else {
    if (judged.includes(r) && got.hard !== r.expected.hard) g.disagree++;
    if (named.includes(r) && !r.expected.recipients.includes(got.recipient ?? '')) g.recipient++;
  }
  weak.set(group, g);
}
console.log('Groups with misses (files: missed, hard/soft disagreements, wrong recipients):');
for (const [group, g] of [...weak].sort(([a], [b]) => a.localeCompare(b)))
  if (g.missed + g.disagree + g.recipient > 0)
    console.log(`  ${group.padEnd(32)} ${g.files}: ${g.missed}, ${g.disagree}, ${g.recipient}`);

if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1));

const targets: [string, boolean][] = [
  ['bounce recall >= 0.98', ratio(found.length, bounces.length) >= 0.98],
  ['bounce precision >= 0.99', ratio(found.length, found.length + falseBounces.length) >= 0.99],
  ['hard/soft >= 0.90', ratio(agreed.length, judged.length) >= 0.9],
  ['failed recipient >= 0.97', ratio(rightRecipient.length, named.length) >= 0.97],
  ["report's own To: never named", ownAddress.length === 0],
  ['delay notices never hard', delaysHard.length === 0],
  ['real replies stay replies', repliesKept.length === replies.length],
  ['CRLF verdicts unchanged', crlfChanged.length === 0],
  ['no crashes', crashes.length === 0],
];
const missed = targets.filter(([, ok]) => !ok).map(([name]) => name);
console.log(missed.length === 0 ? 'All targets met.' : `Targets missed: ${missed.join('; ')}`);
process.exit(missed.length === 0 ? 0 : 1);
