import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/server/db/migrate';
import { checkMigration, checkMigrations } from './migration-rules';

describe('migration rules', () => {
  it('finds drops, renames, narrowing and NOT NULL columns without a default', () => {
    const sql = [
      'ALTER TABLE "prospects" DROP COLUMN "da_score";',
      'ALTER TABLE "prospects" RENAME COLUMN "notes" TO "note";',
      'ALTER TABLE "prospects" ALTER COLUMN "website" SET NOT NULL;',
      'ALTER TABLE "prospects" ALTER COLUMN "da_score" SET DATA TYPE bigint;',
      'ALTER TABLE "prospects" ADD COLUMN "tier" text NOT NULL;',
    ].join('--> statement-breakpoint\n');
    expect(checkMigration('0099_x.sql', sql).map((f) => f.statement)).toEqual([1, 2, 3, 4, 5]);
  });

  it('accepts what only adds, and what a reviewer marked safe with a reason', () => {
    const sql = [
      'ALTER TABLE "prospects" ADD COLUMN "tier" text DEFAULT \'a\' NOT NULL;',
      'ALTER TABLE "prospects" ADD COLUMN "price" integer;',
      'CREATE TABLE "clients" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      '-- safe while running: no released version reads this column (added in 0099, never used)\nALTER TABLE "prospects" DROP COLUMN "tier";',
      '-- a comment naming DROP TABLE is not a statement\nCREATE INDEX "i" ON "prospects" ("tier");',
    ].join('--> statement-breakpoint\n');
    expect(checkMigration('0099_x.sql', sql)).toEqual([]);
  });

  it('holds for every migration written since the rules (after 0019)', () => {
    expect(checkMigrations(MIGRATIONS_DIR, '0019_prospect_outcome_at.sql')).toEqual([]);
  });
});
