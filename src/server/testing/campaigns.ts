import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/paths';
import type { Campaign, CreateCampaignInput } from '../../shared/schemas/campaigns';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';

/** Creates a manual campaign through the API (default: three prospects) and returns it. */
export async function createManualCampaign(
  app: FastifyInstance,
  cookie: string,
  input: Partial<Extract<CreateCampaignInput, { type: 'manual' }>> = {},
): Promise<Campaign> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.campaigns,
    headers: { cookie },
    payload: {
      type: 'manual',
      name: 'Spring outreach',
      websiteUrl: 'https://mysite.com',
      competitors: [],
      prospects: [
        { website: 'alpha.com', contactEmail: 'ann@alpha.com', contactName: 'Ann Alpha' },
        { website: 'beta.org', contactEmail: 'bob@beta.org', contactName: 'Bob Beta', notes: 'met at conf' },
        { website: 'gamma.net' },
      ],
      ...input,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`create campaign failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A manual campaign of `owner`'s inserted straight into the database with `values`; other columns keep their defaults. */
export async function insertCampaign(
  db: Database,
  owner: { id: string; workspaceId: string },
  values: Partial<typeof campaigns.$inferInsert> = {},
): Promise<typeof campaigns.$inferSelect> {
  const [campaign] = await db
    .insert(campaigns)
    .values({
      workspaceId: owner.workspaceId,
      ownerId: owner.id,
      name: 'Outreach',
      websiteUrl: 'https://mine.example',
      type: 'manual',
      ...values,
    })
    .returning();
  return campaign!;
}
