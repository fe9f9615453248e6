import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { claimStatuses, type PlacementIssue } from '../../../shared/schemas/claims';
import { createdAt, id, updatedAt } from './columns';
import { inboxAnswers } from './inbox';
import { liveLinks } from './live-links';
import { placements } from './placements';
import { users } from './users';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const placementClaimStatus = pgEnum('placement_claim_status', claimStatuses);

/**
 * Proof of what one link check saw of a placement (docs/decisions/038-warranty-claims.md), written
 * only when the check changed the placement's state against its agreed terms: the HTTP status, the
 * relevant HTML fragment and the page itself, gzip-compressed. Kept until `keep_until` (the
 * warranty's end, at least 30 days); the proof cleanup job deletes it after, unless a claim still
 * waits on it.
 */
export const placementProofs = pgTable(
  'placement_proofs',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    placementId: uuid()
      .notNull()
      .references(() => placements.id, { onDelete: 'cascade' }),
    liveLinkId: uuid().references(() => liveLinks.id, { onDelete: 'set null' }),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    /** What was wrong at this check against the agreed terms (empty: as agreed). */
    issues: text().array().$type<PlacementIssue[]>().notNull(),
    /** The issues this check added to those of the check before. */
    changes: text().array().$type<PlacementIssue[]>().notNull(),
    httpStatus: integer(),
    finalUrl: text().notNull(),
    /** The link the check found (target, anchor, rel); null when none. */
    found: jsonb().$type<{ url: string; anchorText: string; rel: string[] } | null>(),
    fragment: text(),
    /** The page's HTML, gzip (RFC 1952); null when the page could not be read. */
    snapshot: bytea(),
    snapshotBytes: integer(),
    keepUntil: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('idx_placement_proofs_placement_id_checked_at').on(t.placementId, t.checkedAt.desc()),
    index('idx_placement_proofs_keep_until').on(t.keepUntil),
  ],
);

/**
 * A replacement claim (docs/decisions/038-warranty-claims.md): opened by a check that found a
 * placement changed within its warranty, moved by people from open → publisher replied → restored,
 * replaced, refunded or written off. At most one waits per placement.
 */
export const placementClaims = pgTable(
  'placement_claims',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    placementId: uuid()
      .notNull()
      .references(() => placements.id, { onDelete: 'cascade' }),
    proofId: uuid().references(() => placementProofs.id, { onDelete: 'set null' }),
    status: placementClaimStatus().notNull().default('open'),
    issues: text().array().$type<PlacementIssue[]>().notNull(),
    /** When monitoring saw the link back as agreed while the claim waited; cleared when it changes again. */
    restoreSuggestedAt: timestamp({ withTimezone: true }),
    /** Who is told and whose draft it is: the thread's assignee, else the campaign's owner. */
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The follow-up as drafted, and the draft answer it went into (null without a thread). */
    draftBody: text().notNull().default(''),
    draftAnswerId: uuid().references(() => inboxAnswers.id, { onDelete: 'set null' }),
    /** The new placement a `replaced` claim points to. */
    replacementPlacementId: uuid().references(() => placements.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('idx_placement_claims_workspace_id_opened_at').on(t.workspaceId, t.openedAt.desc(), t.id),
    uniqueIndex('uq_placement_claims_waiting')
      .on(t.placementId)
      .where(sql`${t.status} in ('open', 'publisher_replied')`),
  ],
);
