import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { readdirSync } from 'node:fs';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { tablesInLoadOrder } from '../backup/tables';
import { createTestDatabase } from '../testing/database';
import { runMigrations, shippedMigrations } from './migrate';

interface Column {
  name: string;
  type: string;
  enumLabel: string | null;
  isArray: boolean;
}

/** A literal PostgreSQL accepts for a column of `type` (format_type's spelling). */
function literalFor(column: Column, serial: number): string {
  if (column.isArray) return `'{}'`;
  if (column.enumLabel !== null) return `'${column.enumLabel.replaceAll("'", "''")}'`;
  const type = column.type;
  if (type === 'uuid') return 'gen_random_uuid()';
  if (/^(text|character varying|citext|character)/.test(type)) return `'upgrade-${serial}@example.com'`;
  if (/^(integer|bigint|smallint|numeric|real|double precision)/.test(type)) return '1';
  if (type === 'boolean') return 'false';
  if (/^(timestamp|date)/.test(type)) return 'now()';
  if (/^jsonb?$/.test(type)) return `'{}'`;
  if (type === 'bytea') return `'\\x00'`;
  if (type === 'inet') return `'192.0.2.1'`;
  if (type === 'interval') return `'1 hour'`;
  if (type === 'tsvector') return `''`;
  throw new Error(`no sample value for type ${type}`);
}

/**
 * Puts one row into every table of an older schema, as that version's code could have: each NOT
 * NULL column without a default gets a value of its type, and each foreign key points at the row
 * put into the table it references (tables in foreign-key order). Returns the tables it filled and
 * the ones whose constraints refused the sample row, with PostgreSQL's reason.
 */
async function fillEveryTable(client: pg.ClientBase): Promise<{ filled: string[]; refused: string[] }> {
  const keys = await client.query<{ child: string; parent: string; columns: string[]; refs: string[] }>(`
    select ch.relname::text as child, pa.relname::text as parent,
           array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
           array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                   join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as refs
      from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace and n.nspname = 'public'
     where k.contype = 'f'`);
  const rows = new Map<string, Record<string, unknown>>();
  const filled: string[] = [];
  const refused: string[] = [];
  let serial = 0;
  for (const { name } of await tablesInLoadOrder(client)) {
    const columns = await client.query<Column>(
      `select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type,
                (select e.enumlabel::text from pg_enum e where e.enumtypid = a.atttypid order by e.enumsortorder limit 1) as "enumLabel",
                t.typcategory = 'A' as "isArray"
           from pg_attribute a join pg_type t on t.oid = a.atttypid
          where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attnotnull
            and not a.atthasdef and a.attgenerated = '' and a.attidentity = ''`,
      [`public."${name}"`],
    );
    const values = new Map<string, string>();
    for (const key of keys.rows.filter((k) => k.child === name && k.parent !== name)) {
      const parent = rows.get(key.parent);
      key.columns.forEach((column, i) => {
        if (parent) values.set(column, `'${String(parent[key.refs[i]!]).replaceAll("'", "''")}'`);
      });
    }
    for (const column of columns.rows) {
      if (!values.has(column.name)) values.set(column.name, literalFor(column, ++serial));
    }
    // A check may want some of the nullable references empty (a report scoped to a client or to a
    // campaign, never both): when the full row is refused, each nullable reference is left out in turn.
    const required = new Set(columns.rows.map((c) => c.name));
    const optional = [...values.keys()].filter((column) => !required.has(column));
    const attempts = [
      values,
      ...optional.map((column) => new Map([...values].filter(([c]) => c !== column))),
    ];
    let error: unknown;
    for (const attempt of attempts) {
      const names = [...attempt.keys()].map((c) => `"${c}"`).join(', ');
      const statement = attempt.size
        ? `insert into public."${name}" (${names}) values (${[...attempt.values()].join(', ')}) returning *`
        : `insert into public."${name}" default values returning *`;
      await client.query('savepoint row_of_table');
      try {
        const inserted = await client.query<Record<string, unknown>>(statement);
        rows.set(name, inserted.rows[0]!);
        filled.push(name);
        error = undefined;
        break;
      } catch (caught) {
        await client.query('rollback to savepoint row_of_table');
        error ??= caught;
      }
    }
    if (error) refused.push(`${name}: ${(error as Error).message}`);
  }
  return { filled, refused };
}

async function counts(client: pg.ClientBase, tables: string[]): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) {
    const exists = await client.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [
      `public."${table}"`,
    ]);
    if (!exists.rows[0]!.found) continue;
    result[table] = Number((await client.query(`select count(*) from public."${table}"`)).rows[0].count);
  }
  return result;
}

const migrations = shippedMigrations();
/** Every table the new code declares (src/server/db/schema/*.ts, as drizzle-kit reads them). */
const schemaFolder = new URL('./schema/', import.meta.url);
const drizzleTables: PgTable[] = [];
for (const file of readdirSync(schemaFolder).filter((name) => name.endsWith('.ts'))) {
  const module = (await import(new URL(file, schemaFolder).href)) as Record<string, unknown>;
  drizzleTables.push(...Object.values(module).filter((value): value is PgTable => is(value, PgTable)));
}

describe('upgrades', () => {
  it.each(migrations.slice(0, -1).map((entry, index) => [entry.tag, index + 1] as const))(
    'from %s, a database filled by that version migrates to this one and reads back through the new schema',
    async (_tag, level) => {
      const handle = await createTestDatabase({ migrate: false });
      try {
        await runMigrations(handle, undefined, { upTo: level });
        const client = await handle.pool.connect();
        let before: Record<string, number>;
        let filled: string[];
        try {
          await client.query('begin');
          const result = await fillEveryTable(client);
          await client.query('commit');
          filled = result.filled;
          expect(result.refused, 'tables the sample row could not be put into').toEqual([]);
          before = await counts(client, filled);
          expect(Object.values(before).every((count) => count === 1)).toBe(true);
        } finally {
          client.release();
        }

        await runMigrations(handle);

        const check = await handle.pool.connect();
        let after: Record<string, number>;
        try {
          after = await counts(check, filled);
          // Every row the old version wrote is still there (a table a later migration dropped is gone).
          for (const [table, count] of Object.entries(after))
            expect(count, table).toBeGreaterThanOrEqual(before[table]!);
        } finally {
          check.release();
        }
        // The new code's schema reads every table, old rows included.
        let oldRowsRead = 0;
        for (const table of drizzleTables) {
          const rows = await handle.db.select().from(table);
          const result = (await handle.db.execute(sql`select count(*)::int as count from ${table}`)) as {
            rows: { count: number }[];
          };
          expect(rows.length, getTableName(table)).toBe(result.rows[0]!.count);
          if (filled.includes(getTableName(table))) oldRowsRead += rows.length;
        }
        expect(oldRowsRead).toBeGreaterThanOrEqual(filled.filter((table) => table in after).length);
      } finally {
        await handle.close();
      }
    },
  );
});
