import { z } from 'zod';
import { fieldMessages as f } from './field-messages';
import { cursorQueryField, pageSchema, withPageCursor } from './pagination';

/** Competitor gap panel texts (docs/decisions/012-link-monitoring.md). */
export const competitorGapMessages = {
  title: 'Competitor link gap',
  intro: 'Sites that link to your competitors but not to you, from the pages LinkPilot has crawled.',
  noCompetitors: 'Add competitors to this campaign to see the sites that link to them but not to you.',
  empty: 'No gap found yet: run Find prospects to crawl around your competitors.',
  loadFailed: 'Failed to load the competitor gap',
  addFailed: 'Failed to add prospects',
  added: (n: number) => (n === 1 ? '1 prospect added' : `${n} prospects added`),
  chooseDomains: 'Choose at least one domain',
} as const;

/** `GET /api/campaigns/:id/competitor-gap` query: page of the ranked gap. */
export const competitorGapQuerySchema = withPageCursor(
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: cursorQueryField,
  }),
);

/** One domain of the gap: which competitors it links to, its DA, and whether it is already a prospect. */
export const competitorGapItemSchema = z.object({
  domain: z.string(),
  competitors: z.array(z.string()),
  daScore: z.number().int().nullable(),
  isProspect: z.boolean(),
});
export type CompetitorGapItem = z.infer<typeof competitorGapItemSchema>;

export const competitorGapPageSchema = pageSchema(competitorGapItemSchema).extend({
  /** The campaign's competitor domains (empty: the campaign has none). */
  competitorDomains: z.array(z.string()),
});
export type CompetitorGapPage = z.infer<typeof competitorGapPageSchema>;

/** `POST /api/campaigns/:id/competitor-gap/prospects`: the chosen gap domains. */
export const addGapProspectsSchema = z.strictObject({
  domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(1, competitorGapMessages.chooseDomains)
        .max(253, f.tooLong('Domain', 253)),
    )
    .min(1, competitorGapMessages.chooseDomains)
    .max(100, f.tooMany('domains at a time', 100)),
});
export type AddGapProspectsInput = z.input<typeof addGapProspectsSchema>;
