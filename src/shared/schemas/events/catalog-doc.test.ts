import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  domainEvents,
  mailboxRefSchema,
  prospectRefSchema,
  sentMessageRefSchema,
  webhookEventTypeList,
} from './catalog';

/**
 * The webhook catalogue of docs/product.md#webhooks is the list's (src/shared/schemas/events/catalog.ts):
 * the same events, each "when" word for word, and every field of each payload named in its row
 * (P, M and S stand for the prospect's, the mailbox's and the sent message's fields, as the doc says).
 */
const doc = readFileSync(new URL('../../../../docs/product.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## Webhooks'), doc.indexOf('\n## ', doc.indexOf('## Webhooks') + 1));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    // Cells as written or padded to a column's width (prettier's table format).
    const [events, when, data] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    return { names: [...events!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), when: when!, data: data! };
  });
const documented = new Map(rows.flatMap((row) => row.names.map((name) => [name, row] as const)));

/** The fields a row's data column names: its `backticked` words, with P, M and S spelled out. */
function namedFields(data: string): Set<string> {
  const words = new Set([...data.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  const parts = data.split(', ');
  if (parts.includes('P')) for (const key of Object.keys(prospectRefSchema.shape)) words.add(key);
  if (parts.includes('M')) for (const key of Object.keys(mailboxRefSchema.shape)) words.add(key);
  if (parts.includes('S')) for (const key of Object.keys(sentMessageRefSchema.shape)) words.add(key);
  return words;
}

describe('the webhook catalogue of docs/product.md', () => {
  it('lists exactly the events of the list that feed webhooks, and the test event', () => {
    expect([...documented.keys()].sort()).toEqual([...webhookEventTypeList, 'webhook.test'].sort());
  });

  it.each(webhookEventTypeList)('%s: says when it is sent and names every field of its data', (type) => {
    const row = documented.get(type)!;
    expect(row.when).toBe(domainEvents[type].webhook.when);
    const payload = domainEvents[type].payload as z.ZodObject;
    const named = namedFields(row.data);
    expect(Object.keys(payload.shape).filter((key) => !named.has(key))).toEqual([]);
  });
});
