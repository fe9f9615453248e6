import { and, eq } from 'drizzle-orm';
import { replySuggestionMessages, type ReplySuggestion } from '../../../shared/schemas/reply-suggestions';
import type { AiWriter } from '../../ai/writer';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { AppError } from '../../http/errors';
import { labelFromCategory } from '../../inbox/threads';
import { parseReplySuggestion, replySuggestionPrompt } from './prompt';

/**
 * Suggests a category and a short answer for one of the workspace's inbound replies (docs/decisions/010-ai-writing.md). Nothing is
 * sent: the user decides what to do with the draft. The category labels the prospect's inbox
 * conversation when it has no label yet (docs/decisions/024-inbox.md).
 * @throws AppError NOT_FOUND (not the workspace's message), VALIDATION_ERROR (a bounce or automatic reply),
 *   AI_NOT_CONFIGURED, RATE_LIMITED; AiCallError when the model fails, AiUnusableAnswerError when
 *   neither its answer nor the stricter retry's holds a usable suggestion.
 */
export async function suggestReply(
  db: Database,
  writer: AiWriter,
  user: { id: string; name: string },
  workspaceId: string,
  inboundId: string,
): Promise<ReplySuggestion> {
  const [row] = await db
    .select({
      kind: inboundMessages.kind,
      prospectId: inboundMessages.prospectId,
      fromEmail: inboundMessages.fromEmail,
      subject: inboundMessages.subject,
      text: inboundMessages.text,
      prospectWebsite: prospects.website,
      campaignWebsite: campaigns.websiteUrl,
      oursSubject: outreachMessages.subject,
      oursBody: outreachMessages.body,
    })
    .from(inboundMessages)
    .innerJoin(prospects, eq(prospects.id, inboundMessages.prospectId))
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .leftJoin(outreachMessages, eq(outreachMessages.id, inboundMessages.outreachMessageId))
    .where(and(eq(inboundMessages.id, inboundId), eq(inboundMessages.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound();
  if (row.kind !== 'reply') throw new AppError('VALIDATION_ERROR', replySuggestionMessages.onlyReplies);
  const suggestion = await writer.generate(
    { userId: user.id },
    replySuggestionPrompt({
      reply: { fromEmail: row.fromEmail, subject: row.subject, text: row.text },
      ours: row.oursSubject !== null ? { subject: row.oursSubject, body: row.oursBody ?? '' } : null,
      senderName: user.name,
      campaignWebsite: row.campaignWebsite,
      prospectWebsite: row.prospectWebsite,
    }),
    parseReplySuggestion,
  );
  await labelFromCategory(db, workspaceId, row.prospectId, suggestion.category);
  return suggestion;
}
