import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Checks migrations against the rules for changing the schema while the previous version still runs
 * (docs/decisions/037-migrations-while-running.md): during a rolling upgrade, old processes keep
 * reading and writing the migrated database, so a migration may only add. Each statement that
 * removes, renames or narrows something an older process uses is a finding, unless a
 * `-- safe while running: <reason>` comment in that statement says why it is safe here.
 */

/** One rule: what it finds in a statement, and the reason it is unsafe, in the reviewer's words. */
const rules: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bDROP\s+(TABLE|COLUMN)\b/i, reason: 'drops what the running version still reads' },
  { pattern: /\bRENAME\b/i, reason: 'renames what the running version still names' },
  { pattern: /\bSET\s+NOT\s+NULL\b/i, reason: 'makes the running version’s inserts without the column fail' },
  {
    pattern: /\bALTER\s+COLUMN\s+"?[\w$]+"?\s+(SET\s+DATA\s+)?TYPE\b/i,
    reason: 'changes a column’s type under the running version (and rewrites the table under a lock)',
  },
  {
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
    reason: 'adds a NOT NULL column without a default: the running version’s inserts fail',
  },
];

const SAFE = /--\s*safe while running:\s*\S/i;

export interface Finding {
  file: string;
  statement: number;
  reason: string;
  sql: string;
}

/** The findings in one migration's SQL (statements split at drizzle-kit's `--> statement-breakpoint`). */
export function checkMigration(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split('--> statement-breakpoint').forEach((statement, index) => {
    if (SAFE.test(statement)) return;
    const code = statement.replace(/--.*$/gm, '');
    for (const rule of rules) {
      if (rule.pattern.test(code)) {
        findings.push({ file, statement: index + 1, reason: rule.reason, sql: code.trim().slice(0, 200) });
      }
    }
  });
  return findings;
}

/**
 * The findings in every migration of `folder` after `baseline` (the rules apply from the first
 * migration written after they were; older ones ran while one process served the app).
 */
export function checkMigrations(folder: string, baseline: string): Finding[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql') && name > baseline)
    .sort()
    .flatMap((name) => checkMigration(name, readFileSync(path.join(folder, name), 'utf8')));
}
