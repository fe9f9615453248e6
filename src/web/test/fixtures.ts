// Typed builders for what the API returns, so a test spells out only the fields it is about and a new
// schema field is added here once rather than in every test that needs the entity.
import type { Campaign, CampaignDetail } from '#shared/schemas/campaigns';
import type { Mailbox } from '#shared/schemas/mailboxes';
import { prospectStatusSchema, type ProspectStatus } from '#shared/schemas/prospects';
import type { TeamUser } from '#shared/schemas/settings';
import { testUser } from './mock-api';

/** A fresh manual draft campaign with no prospects or sends, as the campaign list returns it. */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c0ffee00-0000-4000-8000-00000000000c',
    name: 'Spring outreach',
    websiteUrl: 'https://mysite.test',
    status: 'draft',
    type: 'manual',
    competitors: [],
    internalLinks: [],
    emailAccountId: null,
    clientId: null,
    clientName: null,
    targetProspects: 0,
    prospects: 0,
    prospectsFound: 0,
    emailsSent: 0,
    emailsOpened: 0,
    emailsClicked: 0,
    responses: 0,
    successCount: 0,
    progressPercentage: 0,
    owner: null,
    collaborators: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** campaignFixture as GET /api/campaigns/:id returns it: no prospect in any status, nobody enrolled. */
export function campaignDetailFixture(overrides: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    ...campaignFixture(),
    // Built from the schema so the counts stay complete when a prospect status is added.
    prospectCounts: Object.fromEntries(prospectStatusSchema.options.map((status) => [status, 0])) as Record<
      ProspectStatus,
      number
    >,
    campaignProgress: { enrolled: 0, ended: 0, percent: 0 },
    ...overrides,
  };
}

/** A connected SMTP mailbox that never synced or sent, with the default limits and no known connector. */
export function mailboxFixture(overrides: Partial<Mailbox> = {}): Mailbox {
  return {
    id: 'mb-1',
    email: 'ada@mail.test',
    provider: 'smtp',
    status: 'connected',
    statusReason: null,
    statusSource: null,
    lastSync: null,
    emailsSentToday: 0,
    dailyLimit: 30,
    rampLimit: null,
    maxHardBouncePct: 5,
    maxPolicyBlockPct: 3,
    maxUnsubscribePct: 2,
    minSpacingMinutes: 2,
    maxSpacingMinutes: 6,
    connectedBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A row of the team list (GET /api/users): testUser with Full Access unless `overrides` say otherwise. */
export function teamUserFixture(overrides: Partial<TeamUser> = {}): TeamUser {
  return {
    id: testUser.id,
    name: testUser.fullName,
    email: testUser.email,
    role: 'full',
    joinedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
