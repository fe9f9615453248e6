import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client';
import { importPgliteFolder, openPgliteFolder } from './pglite-import';

let dataDir: string;

/** Every file of a folder with its size and modification time, to tell whether anything wrote to it. */
function folderState(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = statSync(file);
    state[path.relative(dir, file)] = `${stat.size}@${stat.mtimeMs}`;
  }
  return state;
}
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A PGlite folder as the app left it before the move: migrated, one user and their workspace with a campaign and two prospects. */
async function pgliteFolder(prepare?: (pglite: PGlite) => Promise<void>) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lp-import-'));
  const pglite = await openPgliteFolder(path.join(dataDir, 'pglite'));
  await prepare?.(pglite);
  await pglite.exec(`
    insert into users (id, name, email, created_at)
      values ('00000000-0000-4000-8000-000000000001', 'Ada', 'ada@example.com', '2026-01-02 03:04:05.123456+00');
    insert into workspaces (id, name) values ('00000000-0000-4000-8000-000000000003', 'Personal');
    insert into workspace_members (workspace_id, user_id, role)
      values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'full');
    insert into campaigns (id, workspace_id, owner_id, name, website_url, type)
      values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'Spring', 'https://ada.example', 'manual');
    insert into prospects (campaign_id, workspace_id, website, contact_email, da_score)
      select '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', 'blog-' || g || '.example', 'ed@blog-' || g || '.example', g
      from generate_series(1, 2) g;`);
  await pglite.close();
}

describe('importPgliteFolder', () => {
  it('copies the rows into the new PostgreSQL folder and keeps the old folder aside', async () => {
    await pgliteFolder();

    const line = await importPgliteFolder(dataDir);

    expect(line).toMatch(/moved \d+ rows in \d+ tables from PGlite to PostgreSQL/);
    const folders = readdirSync(dataDir);
    expect(folders).toContain('postgres');
    expect(folders).not.toContain('pglite');
    expect(folders.some((name) => name.startsWith('pglite.migrated-'))).toBe(true);
    const handle = await openDatabase({ postgresDir: path.join(dataDir, 'postgres') });
    try {
      const users = await handle.pool.query(`select email, created_at::text from users`);
      expect(users.rows).toEqual([{ email: 'ada@example.com', created_at: '2026-01-02 03:04:05.123456+00' }]);
      const prospects = await handle.pool.query(
        `select p.website, p.da_score, c.name from prospects p join campaigns c on c.id = p.campaign_id order by p.website`,
      );
      expect(prospects.rows).toEqual([
        { website: 'blog-1.example', da_score: 1, name: 'Spring' },
        { website: 'blog-2.example', da_score: 2, name: 'Spring' },
      ]);
    } finally {
      await handle.close();
    }
    // Done once: a second start finds the PostgreSQL folder and moves nothing.
    expect(await importPgliteFolder(dataDir)).toBeNull();
  }, 60_000);

  it('leaves the PGlite folder untouched and no PostgreSQL folder when a row cannot be copied', async () => {
    // A row the app's schema refuses (a user without a name) makes the copy fail half-way.
    await pgliteFolder(async (pglite) => {
      await pglite.exec(`alter table users alter column name drop not null;
        insert into users (name, email) values (null, 'nameless@example.com');`);
    });

    const before = folderState(path.join(dataDir, 'pglite'));

    await expect(importPgliteFolder(dataDir)).rejects.toThrow(/^[^\n]*nothing was changed[^\n]*$/);

    expect(readdirSync(dataDir).sort()).toEqual(['pglite']);
    expect(folderState(path.join(dataDir, 'pglite'))).toEqual(before);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
