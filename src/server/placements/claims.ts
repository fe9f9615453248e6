import { gzipSync } from 'node:zlib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  claimMessages,
  claimMoves,
  isClaimActive,
  placementIssueText,
  type ClaimStatus,
  type PlacementIssue,
} from '../../shared/schemas/claims';
import type { ClaimFacts } from '../../shared/schemas/events/catalog';
import { siteDomain } from '../../shared/url-normalize';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { placementClaims, placementProofs } from '../db/schema/claims';
import { inboxAnswers, inboxThreads } from '../db/schema/inbox';
import { notifications } from '../db/schema/notifications';
import { placements } from '../db/schema/placements';
import { prospects } from '../db/schema/prospects';
import { users } from '../db/schema/users';
import { emit, type EventActor } from '../events/emit';
import { AppError } from '../http/errors';
import { lockAnswer } from '../inbox/answer-lock';

/** How long proof is kept at least, when the warranty ends sooner (or there is none). */
export const PROOF_MIN_KEEP_DAYS = 30;

/** What a check saw of a placement against its agreed terms (monitoring/placement-terms.ts). */
export interface PlacementSighting {
  issues: PlacementIssue[];
  httpStatus: number | null;
  finalUrl: string;
  found: { url: string; anchorText: string; rel: string[] } | null;
  fragment: string | null;
  html: string | null;
}

/** The alert mail to send once the check's transaction committed. */
export interface ClaimAlert {
  to: { email: string; emailVerified: boolean } | null;
  subject: string;
  text: string;
}

/** The warranty's last day (YYYY-MM-DD), computed by PostgreSQL as the ledger shows it (month ends clamp). */
export const warrantyEndsOnSql = sql<
  string | null
>`to_char(${placements.liveAt} + make_interval(months => ${placements.warrantyMonths}), 'YYYY-MM-DD')`;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Records what one check saw of a placement (docs/decisions/038-warranty-claims.md), in the
 * check's transaction `db`. When the issues differ from those of the last check (a state change:
 * lost, rel, noindex, anchor, target — or back to the agreed terms) it stores the proof (HTTP
 * status, fragment, the page gzip-compressed per RFC 1952) kept until the warranty's end, at least
 * PROOF_MIN_KEEP_DAYS. A new issue within the warranty (date live ≤ the check's day ≤ warranty end)
 * opens a replacement claim when none waits: a follow-up to the publisher is drafted in the
 * prospect's inbox thread (never sent), the assignee (the thread's, else the campaign owner) is
 * notified. The link back as agreed while a claim waits sets its restore hint. A check that changes
 * nothing writes nothing.
 * @returns the alert mail for the caller to send after commit, or null.
 */
export async function recordPlacementSighting(
  db: Db,
  placementId: string,
  seen: PlacementSighting,
  checkedAt: Date,
): Promise<ClaimAlert | null> {
  const [p] = await db
    .select({ placement: placements, warrantyEndsOn: warrantyEndsOnSql })
    .from(placements)
    .where(eq(placements.id, placementId))
    .for('update', { of: placements });
  if (!p) return null;
  const placement = p.placement;
  const previous = (placement.monitorIssues ?? []) as PlacementIssue[];
  if (placement.monitorIssues !== null && sameSet(previous, seen.issues)) return null;
  if (placement.monitorIssues === null && seen.issues.length === 0) {
    // The first check finds it as agreed: remember that, nothing to prove.
    await db.update(placements).set({ monitorIssues: [] }).where(eq(placements.id, placementId));
    return null;
  }
  await db.update(placements).set({ monitorIssues: seen.issues }).where(eq(placements.id, placementId));

  const day = checkedAt.toISOString().slice(0, 10);
  const inWarranty =
    p.warrantyEndsOn !== null &&
    placement.liveAt !== null &&
    placement.liveAt <= day &&
    day <= p.warrantyEndsOn;
  const minKeep = new Date(checkedAt.getTime() + PROOF_MIN_KEEP_DAYS * 86_400_000);
  const warrantyEnd = p.warrantyEndsOn ? new Date(`${p.warrantyEndsOn}T23:59:59.999Z`) : null;
  const keepUntil = warrantyEnd && warrantyEnd > minKeep ? warrantyEnd : minKeep;
  const changes = seen.issues.filter((i) => !previous.includes(i));
  const [proof] = await db
    .insert(placementProofs)
    .values({
      workspaceId: placement.workspaceId,
      placementId,
      liveLinkId: placement.liveLinkId,
      checkedAt,
      issues: seen.issues,
      changes,
      httpStatus: seen.httpStatus,
      finalUrl: seen.finalUrl,
      found: seen.found,
      fragment: seen.fragment,
      snapshot: seen.html === null ? null : gzipSync(Buffer.from(seen.html, 'utf8')),
      snapshotBytes: seen.html === null ? null : Buffer.byteLength(seen.html, 'utf8'),
      keepUntil,
    })
    .returning({ id: placementProofs.id });
  await emit(db, {
    type: 'placement.proof_recorded',
    workspaceId: placement.workspaceId,
    payload: { placementId, proofId: proof!.id, issues: seen.issues },
  });

  const [waiting] = await db
    .select()
    .from(placementClaims)
    .where(
      and(
        eq(placementClaims.placementId, placementId),
        inArray(placementClaims.status, ['open', 'publisher_replied']),
      ),
    );
  if (waiting) {
    const restored = seen.issues.length === 0;
    if (restored !== (waiting.restoreSuggestedAt !== null)) {
      await db
        .update(placementClaims)
        .set({ restoreSuggestedAt: restored ? checkedAt : null })
        .where(eq(placementClaims.id, waiting.id));
      await emit(db, {
        type: 'claim.changed',
        workspaceId: placement.workspaceId,
        payload: {
          claimId: waiting.id,
          placementId,
          change: restored ? 'restore_suggested' : 'restore_unsuggested',
        },
      });
    }
    return null;
  }
  if (!changes.length || !inWarranty) return null;
  return openClaim(db, placement, p.warrantyEndsOn, proof!.id, seen, checkedAt);
}

type PlacementRow = typeof placements.$inferSelect;

/** Opens the claim, drafts the follow-up in the thread, notifies; see recordPlacementSighting. */
async function openClaim(
  db: Db,
  placement: PlacementRow,
  warrantyEndsOn: string | null,
  proofId: string,
  seen: PlacementSighting,
  checkedAt: Date,
): Promise<ClaimAlert> {
  const [thread] = placement.prospectId
    ? await db
        .select({ id: inboxThreads.id, assigneeId: inboxThreads.assigneeId })
        .from(inboxThreads)
        .where(eq(inboxThreads.prospectId, placement.prospectId))
    : [];
  const [campaign] = placement.campaignId
    ? await db
        .select({ ownerId: campaigns.ownerId, name: campaigns.name })
        .from(campaigns)
        .where(eq(campaigns.id, placement.campaignId))
    : [];
  const assigneeId = thread?.assigneeId ?? campaign?.ownerId ?? null;
  const [assignee] = assigneeId
    ? await db
        .select({ email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, assigneeId))
    : [];
  const [prospect] = placement.prospectId
    ? await db
        .select({ contactName: prospects.contactName })
        .from(prospects)
        .where(eq(prospects.id, placement.prospectId))
    : [];
  const body = followUpText(placement, warrantyEndsOn, seen, checkedAt, prospect?.contactName ?? null);

  let draftAnswerId: string | null = null;
  const sending =
    thread && assigneeId
      ? await lockAnswer(db, thread.id, assigneeId).then(() =>
          db
            .select({ id: inboxAnswers.id })
            .from(inboxAnswers)
            .where(
              and(
                eq(inboxAnswers.threadId, thread.id),
                eq(inboxAnswers.authorId, assigneeId),
                eq(inboxAnswers.status, 'sending'),
              ),
            ),
        )
      : [];
  // While their answer is being sent, the follow-up stays on the claim (no second draft beside it).
  if (thread && assigneeId && sending.length === 0) {
    // One draft per member and thread: a draft they already started keeps its words, the follow-up goes below.
    const [draft] = await db
      .insert(inboxAnswers)
      .values({
        workspaceId: placement.workspaceId,
        threadId: thread.id,
        authorId: assigneeId,
        status: 'draft',
        body,
      })
      .onConflictDoUpdate({
        target: [inboxAnswers.threadId, inboxAnswers.authorId],
        targetWhere: sql`${inboxAnswers.status} = 'draft'`,
        set: {
          body: sql`case when ${inboxAnswers.body} = '' then excluded.body else ${inboxAnswers.body} || E'\\n\\n' || excluded.body end`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: inboxAnswers.id });
    draftAnswerId = draft?.id ?? null;
  }
  const [claim] = await db
    .insert(placementClaims)
    .values({
      workspaceId: placement.workspaceId,
      placementId: placement.id,
      proofId,
      status: 'open',
      issues: seen.issues,
      assigneeId,
      draftBody: body,
      draftAnswerId,
      openedAt: checkedAt,
    })
    .returning();
  const host = siteDomain(placement.pageUrl);
  const what = seen.issues.map((i) => placementIssueText[i]).join('; ');
  const title = `Replacement claim opened for ${host}`;
  const text = `Within its warranty, ${what}. Page: ${placement.pageUrl} — link to ${placement.targetUrl}. A follow-up to the publisher waits as a draft${thread ? ' in their inbox conversation' : ''}; nothing was sent.`;
  await db.insert(notifications).values({
    workspaceId: placement.workspaceId,
    kind: 'claim-opened',
    inboxThreadId: thread?.id ?? null,
    title,
    body: text,
  });
  await emit(db, {
    type: 'notification.created',
    workspaceId: placement.workspaceId,
    payload: { kind: 'claim-opened' },
  });
  await emit(db, {
    type: 'claim.opened',
    workspaceId: placement.workspaceId,
    payload: claimFacts(claim!, placement, warrantyEndsOn, { httpStatus: seen.httpStatus, checkedAt }),
  });
  return { to: assignee ?? null, subject: `LinkPilot: ${title}`, text };
}

/** A claim's event payload: the claim, the placement's agreed terms and the proof's status and time. */
export function claimFacts(
  claim: typeof placementClaims.$inferSelect,
  placement: Pick<PlacementRow, 'pageUrl' | 'targetUrl' | 'anchorText' | 'rel' | 'liveAt'>,
  warrantyEndsOn: string | null,
  proof: { httpStatus: number | null; checkedAt: Date } | null,
): ClaimFacts {
  return {
    claimId: claim.id,
    placementId: claim.placementId,
    status: claim.status,
    issues: claim.issues,
    pageUrl: placement.pageUrl,
    targetUrl: placement.targetUrl,
    anchorText: placement.anchorText,
    rel: placement.rel,
    liveAt: placement.liveAt,
    warrantyEndsOn,
    httpStatus: proof?.httpStatus ?? null,
    checkedAt: proof ? proof.checkedAt.toISOString() : null,
  };
}

/**
 * The polite follow-up to the publisher: what was agreed (anchor, rel, target, date live, warranty
 * end) and what the check found (what changed, when, the HTTP status, the HTML fragment). Plain
 * text; `[Your Name]` is filled in when the member sends it from the inbox.
 */
export function followUpText(
  placement: Pick<PlacementRow, 'pageUrl' | 'targetUrl' | 'anchorText' | 'rel' | 'liveAt'>,
  warrantyEndsOn: string | null,
  seen: PlacementSighting,
  checkedAt: Date,
  contactName: string | null,
): string {
  const when = `${checkedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what = seen.issues.map((i) => placementIssueText[i]);
  const found = seen.found
    ? `- The link found: ${seen.found.url}, anchor "${seen.found.anchorText}", rel ${seen.found.rel.length ? seen.found.rel.join(' ') : 'dofollow (none)'}`
    : '- The link found: none';
  return [
    `Hi ${contactName?.split(/\s+/)[0] || 'there'},`,
    '',
    `Thank you again for publishing our link on ${placement.pageUrl}. A routine check on ${when} found that ${what.join(', and ')}.`,
    '',
    'What we agreed:',
    `- Page: ${placement.pageUrl}`,
    `- Link to: ${placement.targetUrl}`,
    `- Anchor text: ${placement.anchorText ? `"${placement.anchorText}"` : '(any)'}`,
    `- Link type (rel): ${placement.rel}`,
    `- Live since: ${placement.liveAt ?? 'not recorded'}`,
    `- Warranty until: ${warrantyEndsOn ?? 'none'}`,
    '',
    `What the check found on ${when}:`,
    `- HTTP status: ${seen.httpStatus ?? 'no answer'}`,
    found,
    ...(seen.fragment ? ['- The page’s HTML:', '', ...seen.fragment.split('\n').map((l) => `    ${l}`)] : []),
    '',
    'As the link is still within the agreed warranty, could you restore it as agreed? If that is not possible, we would be glad to agree on a replacement placement or a refund.',
    '',
    'Thank you and kind regards,',
    '[Your Name]',
  ].join('\n');
}

/**
 * Moves a waiting claim to "publisher replied" when a reply from the publisher arrives in the
 * thread of `prospectId` (in the transaction that stores the reply). Does nothing otherwise.
 */
export async function noteClaimReply(db: Db, prospectId: string): Promise<void> {
  const moved = await db
    .update(placementClaims)
    .set({ status: 'publisher_replied' })
    .from(placements)
    .where(
      and(
        eq(placements.id, placementClaims.placementId),
        eq(placements.prospectId, prospectId),
        eq(placementClaims.status, 'open'),
      ),
    )
    .returning({
      id: placementClaims.id,
      placementId: placementClaims.placementId,
      workspaceId: placementClaims.workspaceId,
    });
  for (const c of moved)
    await emit(db, {
      type: 'claim.changed',
      workspaceId: c.workspaceId,
      payload: { claimId: c.id, placementId: c.placementId, change: 'publisher_replied' },
    });
}

/**
 * The one guard of a claim's moves (docs/decisions/038-warranty-claims.md): open → publisher
 * replied → restored, replaced, refunded or written off; a resolved claim moves no more.
 * @throws AppError CONFLICT in the user's words for an illegal move.
 */
export function assertClaimMove(from: ClaimStatus, to: ClaimStatus): void {
  if (!claimMoves[from].includes(to))
    throw new AppError('CONFLICT', claimMessages.illegalMove(label(from), label(to)));
}
const label = (s: ClaimStatus) => s.replace('_', ' ');

/** Whether a claim still waits (re-exported for the engine's callers). */
export { isClaimActive };

/** Emits `claim.resolved` for a claim just moved to a resolution, in the transaction of the move. */
export async function announceResolved(
  db: Db,
  actor: EventActor,
  claim: typeof placementClaims.$inferSelect,
  placement: PlacementRow,
  warrantyEndsOn: string | null,
  proof: { httpStatus: number | null; checkedAt: Date } | null,
): Promise<void> {
  await emit(db, {
    type: 'claim.resolved',
    workspaceId: claim.workspaceId,
    actor,
    payload: {
      ...claimFacts(claim, placement, warrantyEndsOn, proof),
      replacementPlacementId: claim.replacementPlacementId,
    },
  });
}

/**
 * Deletes the proof kept past its `keep_until` (the warranty's end, at least PROOF_MIN_KEEP_DAYS),
 * except the proof a waiting claim still rests on (docs/decisions/038-warranty-claims.md).
 * @returns how many proofs were deleted.
 */
export async function deleteExpiredProofs(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(placementProofs)
    .where(
      and(
        sql`${placementProofs.keepUntil} < ${now}`,
        sql`not exists (select 1 from ${placementClaims} where ${placementClaims.proofId} = ${placementProofs.id} and ${placementClaims.status} in ('open', 'publisher_replied'))`,
      ),
    )
    .returning({ id: placementProofs.id });
  return deleted.length;
}
