import type pg from 'pg';

/** A table of the public schema as a backup copies it: its name and the columns it stores. */
export interface TableInfo {
  name: string;
  /** Stored columns in order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
}

/**
 * The app's tables (schema `public`, partitions left out) in load order: a table comes after every
 * table its foreign keys reference, so a restore can load them one by one with the constraints on.
 * Self-references are fine (checked at the end of the COPY). @throws on a circle of foreign keys,
 * which the schema does not have and a restore could not load in order.
 */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    select c.relname::text as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname`);
  const references = await client.query<{ child: string; parent: string }>(`
    select child.relname::text as child, parent.relname::text as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace and n.nspname = 'public'
     where k.contype = 'f' and k.conrelid <> k.confrelid`);
  const parents = new Map<string, Set<string>>(tables.rows.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references.rows) parents.get(child)?.add(parent);

  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  // Kahn's algorithm, alphabetical among equals so two backups of one schema list tables alike.
  while (placed.size < byName.size) {
    const ready = [...byName.keys()]
      .filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)))
      .sort();
    if (ready.length === 0) {
      const left = [...byName.keys()].filter((name) => !placed.has(name)).join(', ');
      throw new Error(`Foreign keys form a circle between ${left}; these tables cannot be loaded in order.`);
    }
    for (const name of ready) {
      placed.add(name);
      ordered.push({ name, columns: byName.get(name)!.columns });
    }
  }
  return ordered;
}

/** A double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
