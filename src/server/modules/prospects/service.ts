import { and, eq, inArray } from 'drizzle-orm';
import { emailVerificationSchema } from '../../../shared/schemas/email-verification';
import { emailCheckSchema } from '../../../shared/schemas/mail-health';
import type { Prospect, UpdateProspectStatusInput } from '../../../shared/schemas/prospects';
import { emit } from '../../events/emit';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { prospects } from '../../db/schema/prospects';
import { enrollments } from '../../db/schema/outreach';
import { iso, isoText } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import { recountProspectCounters } from '../../campaigns/counters';
import { changeProspect } from '../../outreach/prospect-changes';
import { domainMetricsOf } from './domain-metrics';

type ProspectRow = typeof prospects.$inferSelect;

/**
 * The stored address check (a jsonb column) as the API shows it: null when there is none or it is not
 * of the current shape. Most prospects have none; zod's failure path (an error object per call) would
 * be most of a list page's mapping cost, so null is answered first.
 */
function emailCheckOf(value: unknown): Prospect['emailCheck'] {
  if (value === null || value === undefined) return null;
  return emailCheckSchema.safeParse(value).data ?? null;
}

/** The stored address verification (a jsonb column) as the API shows it; null as emailCheckOf. */
function emailVerificationOf(value: unknown): Prospect['emailVerification'] {
  if (value === null || value === undefined) return null;
  return emailVerificationSchema.safeParse(value).data ?? null;
}

/** A prospect row as the API presents it. */
export function toProspect(row: ProspectRow): Prospect {
  return {
    id: row.id,
    campaignId: row.campaignId,
    website: row.website,
    contactEmail: row.contactEmail,
    contactName: row.contactName,
    notes: row.notes,
    status: row.status,
    daScore: row.daScore,
    opportunityType: row.opportunityType,
    sourcePageUrl: row.sourcePageUrl,
    sourceAnchorText: row.sourceAnchorText,
    sourceRel: row.sourceRel,
    sourceFirstSeen: row.sourceFirstSeen,
    emailCheck: emailCheckOf(row.emailCheck),
    emailVerification: emailVerificationOf(row.emailVerification),
    customFields: row.customFields,
    relevanceScore: row.relevanceScore,
    lastContacted: iso(row.lastContacted),
    outcomeAt: iso(row.outcomeAt),
    createdAt: iso(row.createdAt),
  };
}

/** The columns a prospect shows (toProspect), for selects that do not read the whole row. */
export const prospectColumns = {
  id: prospects.id,
  campaignId: prospects.campaignId,
  website: prospects.website,
  contactEmail: prospects.contactEmail,
  contactName: prospects.contactName,
  notes: prospects.notes,
  status: prospects.status,
  daScore: prospects.daScore,
  relevanceScore: prospects.relevanceScore,
  opportunityType: prospects.opportunityType,
  sourcePageUrl: prospects.sourcePageUrl,
  sourceAnchorText: prospects.sourceAnchorText,
  sourceRel: prospects.sourceRel,
  sourceFirstSeen: prospects.sourceFirstSeen,
  metrics: domainMetricsOf(prospects).as('metrics'),
  emailCheck: prospects.emailCheck,
  emailVerification: prospects.emailVerification,
  customFields: prospects.customFields,
  lastContacted: prospects.lastContacted,
  outcomeAt: prospects.outcomeAt,
  createdAt: prospects.createdAt,
};

/** prospectColumns as a raw query returns them: snake_case names, timestamps as PostgreSQL text. */
export interface RawProspect {
  id: string;
  campaign_id: string;
  website: string;
  contact_email: string | null;
  contact_name: string | null;
  notes: string | null;
  status: Prospect['status'];
  da_score: number | null;
  relevance_score: number | null;
  opportunity_type: Prospect['opportunityType'];
  source_page_url: string | null;
  source_anchor_text: string | null;
  source_rel: string | null;
  source_first_seen: string | null;
  metrics: Prospect['metrics'] | null;
  email_check: unknown;
  email_verification: unknown;
  custom_fields: Prospect['customFields'] | null;
  last_contacted: string | Date | null;
  outcome_at: string | Date | null;
  created_at: string | Date;
}

/** A raw row of prospectColumns (see pageAndTotal) as the API presents it; same result as toProspect. */
export function toProspectFromRaw(r: RawProspect): Prospect {
  return {
    id: r.id,
    campaignId: r.campaign_id,
    website: r.website,
    contactEmail: r.contact_email,
    contactName: r.contact_name,
    notes: r.notes,
    status: r.status,
    daScore: r.da_score,
    opportunityType: r.opportunity_type,
    sourcePageUrl: r.source_page_url,
    sourceAnchorText: r.source_anchor_text,
    sourceRel: r.source_rel,
    sourceFirstSeen: r.source_first_seen,
    metrics: r.metrics ?? {},
    emailCheck: emailCheckOf(r.email_check),
    emailVerification: emailVerificationOf(r.email_verification),
    customFields: r.custom_fields ?? {},
    relevanceScore: r.relevance_score,
    lastContacted: isoText(r.last_contacted),
    outcomeAt: isoText(r.outcome_at),
    createdAt: isoText(r.created_at),
  };
}

const notFound = () => AppError.notFound('Prospect not found');

/**
 * Sets a prospect's status from the detail page (docs/product.md#states): 'sent' stamps last_contacted now (and
 * counts as a contact in the domain memory); 'success' and 'failed' keep it and date the outcome
 * (outcome_at) instead. The change is recorded for the timeline. Another user's prospect answers 404.
 */
export async function updateProspectStatus(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  id: string,
  { status }: UpdateProspectStatusInput,
): Promise<Prospect> {
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    const now = new Date();
    const row = await changeProspect(tx, and(eq(prospects.id, id), eq(prospects.workspaceId, workspaceId))!, {
      status,
      ...(status === 'sent' ? { lastContacted: now, contactedAt: now } : {}),
      reason: 'Marked by you',
      actor,
    });
    if (!row) throw notFound();
    // An outcome decided by hand ends the prospect's sequence: no follow-up after a won or lost link.
    if (status === 'success' || status === 'failed')
      await tx
        .update(enrollments)
        .set({
          status: 'stopped',
          stopReason: `Marked ${status === 'success' ? 'Success' : 'Failed'} by you`,
          nextStepAt: null,
        })
        .where(and(eq(enrollments.prospectId, id), inArray(enrollments.status, ['active', 'paused'])));
    await recountProspectCounters(tx, row.campaignId);
    return toProspect(row);
  });
}

/** Deletes one of the user's prospects (a contact) and recounts its campaign. */
export async function deleteProspect(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  id: string,
): Promise<void> {
  const { workspaceId } = actor;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(prospects)
      .where(and(eq(prospects.id, id), eq(prospects.workspaceId, workspaceId)))
      .returning({ id: prospects.id, campaignId: prospects.campaignId, website: prospects.website });
    if (!row) throw notFound();
    await recountProspectCounters(tx, row.campaignId);
    await emit(tx, {
      type: 'prospect.deleted',
      workspaceId,
      actor,
      payload: { prospectId: row.id, campaignId: row.campaignId, website: row.website },
    });
  });
}
