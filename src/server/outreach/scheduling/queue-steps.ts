import { and, eq, sql } from 'drizzle-orm';
import { messagePlaceholderValues } from '../../../shared/placeholders';
import { renderStepFor } from '../../../shared/step-render';
import type { StepVariant } from '../../db/schema/sequences';
import { autoWinner } from './auto-winner';
import { queryRows, type Database, type Db } from '../../db/client';
import { enrollments, outreachMessages } from '../../db/schema/outreach';
import { emit } from '../../events/emit';

interface DueEnrollment {
  id: string;
  workspace_id: string;
  campaign_id: string;
  prospect_id: string;
  email_account_id: string | null;
  next_step: number;
  website: string;
  contact_email: string | null;
  contact_name: string | null;
  /** The prospect's custom field values by key (docs/decisions/044-custom-fields.md). */
  custom_fields: Record<string, string | number>;
  website_url: string;
  user_name: string;
  subject: string | null;
  content: string | null;
  variants: StepVariant[] | null;
  sequence_id: string | null;
  step_id: string | null;
  auto_winner_after: number | null;
  winner_variant_id: string | null;
  suppressed: boolean;
  /** The prospect's AI first line when it may go out (approved, or the campaign skips approval). */
  first_line: string | null;
}

/** How many due enrollments one tick turns into messages at most. */
export const QUEUE_BATCH = 500;

/** Domain part of an address, lower-case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Turns every enrollment whose next step is due (and whose campaign is active) into one outreach
 * message with its placeholders filled: 'queued', or 'flagged' when a placeholder has no value
 * for that prospect (docs/decisions/009-outreach-sending.md). Enrollments past their last step complete; suppressed or
 * address-less prospects stop. Idempotent: a step already queued is not queued again.
 * @returns the number of messages created.
 */
export async function queueDueSteps(db: Database, now: Date): Promise<number> {
  const due = await queryRows<DueEnrollment>(
    db,
    sql`select e.id, e.workspace_id, e.campaign_id, e.prospect_id, e.email_account_id, e.next_step,
          p.website, p.contact_email, p.contact_name, p.custom_fields, c.website_url, coalesce(u.name, w.name) as user_name,
          s.subject, s.content, s.variants, e.sequence_id, s.id as step_id, s.auto_winner_after, s.winner_variant_id,
          (select fl.text from prospect_first_lines fl
            where fl.prospect_id = e.prospect_id
              and (fl.status = 'approved' or not c.require_first_line_approval)) as first_line,
          exists (select 1 from suppressions x where x.workspace_id = e.workspace_id and x.email = lower(p.contact_email)) as suppressed
        from enrollments e
        join prospects p on p.id = e.prospect_id
        join campaigns c on c.id = e.campaign_id
        join workspaces w on w.id = e.workspace_id
        left join users u on u.id = c.owner_id
        left join email_sequence_steps s on s.sequence_id = e.sequence_id and s.step_number = e.next_step
        where e.status = 'active' and e.next_step_at <= ${now.toISOString()} and c.status = 'active'
        order by e.next_step_at
        limit ${QUEUE_BATCH}`,
  );
  let created = 0;
  // Winners found in this run, so the steps' counts are read once a winner exists.
  const winners = new Map<string, string>();
  for (const e of due) {
    await db.transaction(async (tx) => {
      const close = (status: 'completed' | 'stopped', stopReason: string | null) =>
        tx.update(enrollments).set({ status, stopReason, nextStepAt: null }).where(eq(enrollments.id, e.id));
      if (!e.subject || !e.content) return close('completed', null);
      if (!e.contact_email) return close('stopped', 'The prospect has no email address');
      if (e.suppressed) return close('stopped', 'The address is on the suppression list');

      const values = {
        ...messagePlaceholderValues(
          { contactName: e.contact_name, contactEmail: e.contact_email, website: e.website },
          // Without a usable first line [AI First Line] drops out: the plain template goes.
          { yourName: e.user_name, campaignWebsite: e.website_url, aiFirstLine: e.first_line },
        ),
        // {{custom.key}}: without the value and a fallback the step is flagged as any placeholder is.
        custom: e.custom_fields,
      };
      // The variant, spintax and fallbacks of decision 043; all seeded by the prospect and step, so a
      // queueing that crashed before its commit picks the same variant and words on the next tick.
      // A step whose auto-winner has chosen sends the winner to everybody still to come.
      const winner =
        e.step_id && winners.has(e.step_id)
          ? winners.get(e.step_id)!
          : e.step_id && e.sequence_id && (e.auto_winner_after !== null || e.winner_variant_id)
            ? await autoWinner(tx, {
                id: e.step_id,
                sequenceId: e.sequence_id,
                workspaceId: e.workspace_id,
                stepNumber: e.next_step,
                variants: e.variants ?? [],
                autoWinnerAfter: e.auto_winner_after,
                winnerVariantId: e.winner_variant_id,
              })
            : null;
      if (winner && e.step_id) winners.set(e.step_id, winner);
      const rendered = renderStepFor(
        { subject: e.subject, content: e.content, variants: e.variants ?? [] },
        e.prospect_id,
        e.next_step,
        values,
        winner,
      );
      const missing = rendered.missing;
      const sender = e.email_account_id ? await senderDomain(tx, e.email_account_id) : 'linkpilot.invalid';
      const inserted = await tx
        .insert(outreachMessages)
        .values({
          workspaceId: e.workspace_id,
          enrollmentId: e.id,
          campaignId: e.campaign_id,
          prospectId: e.prospect_id,
          emailAccountId: e.email_account_id,
          stepNumber: e.next_step,
          variantId: rendered.variantId,
          status: missing.length > 0 ? 'flagged' : 'queued',
          messageId: `<${crypto.randomUUID()}@${sender}>`,
          toEmail: e.contact_email.toLowerCase(),
          subject: rendered.subject,
          body: rendered.body,
          missingPlaceholders: missing,
          notBefore: now,
        })
        .onConflictDoNothing({ target: [outreachMessages.enrollmentId, outreachMessages.stepNumber] })
        .returning({ id: outreachMessages.id });
      created += inserted.length;
      await emit(tx, {
        type: 'outreach.step_queued',
        workspaceId: e.workspace_id,
        payload: { enrollmentId: e.id, campaignId: e.campaign_id },
      });
      // A flagged step waits for the user (fix the prospect or the template); nothing else is due until then.
      await tx
        .update(enrollments)
        .set({ nextStepAt: null })
        .where(and(eq(enrollments.id, e.id), eq(enrollments.status, 'active')));
    });
  }
  return created;
}

async function senderDomain(db: Db, emailAccountId: string): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from email_accounts where id = ${emailAccountId}`,
  );
  return row ? domainOf(row.email) : 'linkpilot.invalid';
}
