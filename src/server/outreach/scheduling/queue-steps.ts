import { and, eq, sql } from 'drizzle-orm';
import { messagePlaceholderValues } from '../../../shared/placeholders';
import { renderStepFor } from '../../../shared/step-render';
import { branchFor } from '../../../shared/step-conditions';
import type { StepBranch, StepVariant } from '../../db/schema/sequences';
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
  branches: StepBranch[] | null;
  /** What is recorded of the previous step's message (false on step 1): a person's open, click, a reply. */
  previous_opened: boolean;
  previous_clicked: boolean;
  previous_replied: boolean;
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
 * address-less prospects stop. Idempotent: a step already queued is not queued again, and ticks of
 * several workers at once share the due enrollments instead of each going through all of them.
 * @returns the number of messages created.
 */
export async function queueDueSteps(db: Database, now: Date): Promise<number> {
  const due = await queryRows<DueEnrollment>(
    db,
    sql`select e.id, e.workspace_id, e.campaign_id, e.prospect_id, e.email_account_id, e.next_step,
          p.website, p.contact_email, p.contact_name, p.custom_fields, c.website_url, coalesce(u.name, w.name) as user_name,
          s.subject, s.content, s.variants, e.sequence_id, s.id as step_id, s.auto_winner_after, s.winner_variant_id,
          s.branches,
          -- Decision 045: opened_at and clicked_at are set by people's hits only, never by scanners.
          prev.opened_at is not null as previous_opened,
          prev.clicked_at is not null as previous_clicked,
          prev.id is not null and exists (select 1 from inbound_messages i
            where i.prospect_id = e.prospect_id and i.kind = 'reply') as previous_replied,
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
        left join outreach_messages prev on prev.enrollment_id = e.id and prev.step_number = e.next_step - 1
        where e.status = 'active' and e.next_step_at <= ${now.toISOString()} and c.status = 'active'
        order by e.next_step_at
        limit ${QUEUE_BATCH}`,
  );
  let created = 0;
  // Winners found in this run, so the steps' counts are read once a winner exists.
  const winners = new Map<string, string>();
  for (const e of due) {
    await db.transaction(async (tx) => {
      // Every worker's tick reads the same due enrollments: the first to lock one queues it, the
      // others skip it, locked meanwhile or no longer due once committed (docs/decisions/048-several-processes.md).
      const [stillDue] = await queryRows<{ id: string }>(
        tx,
        sql`select id from enrollments
            where id = ${e.id} and status = 'active' and next_step_at <= ${now.toISOString()}
            for update skip locked`,
      );
      if (!stillDue) return;
      const close = (status: 'completed' | 'stopped', stopReason: string | null) =>
        tx.update(enrollments).set({ status, stopReason, nextStepAt: null }).where(eq(enrollments.id, e.id));
      if (!e.subject || !e.content) return close('completed', null);
      if (!e.contact_email) return close('stopped', 'The prospect has no email address');
      if (e.suppressed) return close('stopped', 'The address is on the suppression list');

      // {{custom.key}}: without the value and a fallback the step is flagged as any placeholder is.
      const values = messagePlaceholderValues(
        {
          contactName: e.contact_name,
          contactEmail: e.contact_email,
          website: e.website,
          customFields: e.custom_fields,
        },
        // Without a usable first line [AI First Line] drops out: the plain template goes.
        { yourName: e.user_name, campaignWebsite: e.website_url, aiFirstLine: e.first_line },
      );
      // A follow-up's condition set (decision 045), from what is recorded of the previous step now;
      // then the variant, spintax and fallbacks of decision 043, all seeded by the prospect and step.
      // Both are stored on the message in this transaction: once queued, nothing re-decides them,
      // and a queueing that crashed before its commit decides again from scratch.
      const branch = branchFor(e.branches ?? [], {
        opened: e.previous_opened,
        clicked: e.previous_clicked,
        replied: e.previous_replied,
      });
      // A step whose auto-winner has chosen sends the winner to everybody still to come who gets
      // the step's default variants.
      const winner = branch
        ? null
        : e.step_id && winners.has(e.step_id)
          ? winners.get(e.step_id)!
          : e.step_id && e.sequence_id && (e.auto_winner_after !== null || e.winner_variant_id)
            ? await autoWinner(
                tx,
                {
                  id: e.step_id,
                  sequenceId: e.sequence_id,
                  workspaceId: e.workspace_id,
                  stepNumber: e.next_step,
                  variants: e.variants ?? [],
                  autoWinnerAfter: e.auto_winner_after,
                  winnerVariantId: e.winner_variant_id,
                },
                now,
              )
            : null;
      if (winner && e.step_id) winners.set(e.step_id, winner);
      const rendered = renderStepFor(
        { subject: e.subject, content: e.content, variants: branch?.variants ?? e.variants ?? [] },
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
          branch: branch?.condition ?? null,
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
      if (inserted.length > 0)
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
