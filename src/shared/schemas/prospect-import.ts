import { z } from 'zod';
import { prospectInputSchema } from './campaigns';

/**
 * Prospects per import request: a 10,000-row file goes in ten requests, so the form can show how far
 * the import has gone, and one request's insert stays short.
 */
export const PROSPECT_IMPORT_BATCH = 1000;

/** `POST /api/campaigns/:id/prospects` body: the next rows of a CSV import, each checked as in the form. */
export const addProspectsSchema = z.strictObject({
  prospects: z.array(prospectInputSchema).min(1).max(PROSPECT_IMPORT_BATCH),
});
export type AddProspectsInput = z.input<typeof addProspectsSchema>;

/** Its answer: how many rows this request added and how many prospects the campaign now has. */
export const addProspectsResultSchema = z.object({
  added: z.number().int(),
  prospects: z.number().int(),
});
export type AddProspectsResult = z.infer<typeof addProspectsResultSchema>;
