import { z } from 'zod';

/** Said when a request names a campaign by something that is not a campaign id (a UUID). */
export const INVALID_CAMPAIGN_ID_MESSAGE = 'Campaign id must be a valid id';

/**
 * A request's campaign id: `required` (each form says it in its own words) when missing or empty,
 * INVALID_CAMPAIGN_ID_MESSAGE when present but not a UUID — a malformed id is not a missing campaign.
 */
export function campaignIdField(required: string) {
  return z.string({ error: required }).min(1, required).pipe(z.uuid(INVALID_CAMPAIGN_ID_MESSAGE));
}
