import type { CampaignProgress, CampaignStatus } from './schemas/campaigns';

/**
 * Enrollment states in which a prospect's sequence is over: `completed` (every step went out) and
 * `stopped` (a reply — theirs or someone's at the same domain —, a hard bounce, an unsubscribe,
 * a suppressed or missing address). `active` and `paused` enrollments still have steps to come.
 */
export const endedEnrollmentStatuses = ['completed', 'stopped'] as const;

/** The formula below in plain words, as the Campaign Progress card's help shows it. */
export const campaignProgressExplained =
  'The share of enrolled prospects whose sequence has ended: they replied, got every step, bounced, ' +
  'unsubscribed or were stopped. Prospects not enrolled yet do not count. While prospects are being ' +
  'found, the card shows that search instead.';

/**
 * Campaign Progress: the share of the campaign's enrolled prospects whose sequence has ended, as a
 * whole percentage 0–100 rounded down, so 100 % means every enrolled sequence is over (199 of 200
 * is 99 %, never 100 %). Prospects not enrolled yet do not count; with none enrolled it is 0.
 * @param enrolled prospects enrolled in the campaign's sequence (an integer ≥ 0)
 * @param ended those of them whose enrollment is in an endedEnrollmentStatuses state (0–enrolled)
 * @throws RangeError when a count is negative or fractional, or more have ended than were enrolled.
 */
export function campaignProgress(enrolled: number, ended: number): CampaignProgress {
  if (!Number.isInteger(enrolled) || !Number.isInteger(ended) || enrolled < 0 || ended < 0) {
    throw new RangeError(`Counts must be whole numbers ≥ 0 (enrolled ${enrolled}, ended ${ended})`);
  }
  if (ended > enrolled) throw new RangeError(`${ended} ended of only ${enrolled} enrolled`);
  return { enrolled, ended, percent: enrolled === 0 ? 0 : Math.floor((ended * 100) / enrolled) };
}

/**
 * True when the campaign page should offer to mark the campaign Completed: it is active or paused (the
 * statuses that may move to completed) and every enrolled sequence has ended (progress 100 %). It is
 * an offer, not a move of its own: prospects not enrolled yet may still be sent to, and completed is final.
 */
export function offersCompletion(status: CampaignStatus, progress: CampaignProgress): boolean {
  return (status === 'active' || status === 'paused') && progress.enrolled > 0 && progress.percent === 100;
}
