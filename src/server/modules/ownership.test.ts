import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import type { Campaign } from '../../shared/schemas/campaigns';
import type { ProspectPage } from '../../shared/schemas/prospects';
import { WORKSPACE_HEADER } from '../auth/workspaces';
import { queryRows } from '../db/client';
import { workspaceMembers } from '../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';

/**
 * Ownership (docs/product.md#roles, docs/decisions/023-workspaces-and-roles.md): every endpoint of
 * the dashboard, called from a second workspace with the first workspace's ids, answers 404 (or
 * leaves the first workspace's data out of its list) and changes nothing. The caller is either
 * another user, or the owner themselves acting in the other workspace, where they are a member:
 * rows belong to the workspace, not to the person.
 */
let t: TestApp;
let owner: string;
let intruder: string;
let otherWorkspaceId: string;
let campaign: Campaign;
let prospectId: string;
let liveLinkId: string;
let emailAccountId: string;
let threadId: string;
let inboundId: string;
let labelId: string;

async function snapshot(): Promise<string> {
  const rows = await queryRows(
    t.handle.db,
    sql`select
      (select json_agg(c order by c.id) from (select id, name, status, competitors, updated_at from campaigns) c) as campaigns,
      (select json_agg(p order by p.id) from (select id, status, last_contacted, updated_at from prospects) p) as prospects,
      (select json_agg(l order by l.id) from (select id, url from live_links) l) as live_links,
      (select json_agg(r order by r.id) from (select id, status from discovery_runs) r) as discovery_runs,
      (select json_agg(e order by e.id) from (select id, email, status from email_accounts) e) as email_accounts,
      (select json_agg(k order by k.campaign_id, k.user_id) from (select campaign_id, user_id from campaign_collaborators) k) as campaign_collaborators,
      (select json_agg(t order by t.id) from (select id, label_id, assignee_id, remind_at, needs_answer from inbox_threads) t) as inbox_threads,
      (select json_agg(r order by r.thread_id) from (select thread_id, user_id from inbox_reads) r) as inbox_reads,
      (select json_agg(a order by a.id) from (select id, status, body from inbox_answers) a) as inbox_answers,
      (select json_agg(l order by l.id) from (select id, name, outcome from inbox_labels) l) as inbox_labels,
      (select json_agg(n order by n.id) from (select id, body from prospect_notes) n) as prospect_notes`,
  );
  return JSON.stringify(rows);
}

beforeAll(async () => {
  // Adding a live link queues its first check: this app runs the job queue.
  t = await createTestApp({}, { jobs: true });
  ({ cookie: owner } = await signUpUser(t.app));
  ({ cookie: intruder } = await signUpUser(t.app));
  const me = async (cookie: string) =>
    (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  otherWorkspaceId = (await me(intruder)).workspace.id;
  // The owner joins the intruder's workspace too; requests without a header stay in their own.
  await t.handle.db.insert(workspaceMembers).values({
    workspaceId: otherWorkspaceId,
    userId: (await me(owner)).id,
    role: 'full',
    lastUsedAt: new Date(0),
  });
  campaign = await createManualCampaign(t.app, owner);
  const page = (
    await t.app.inject({ url: withId(apiPaths.campaignProspects, campaign.id), headers: { cookie: owner } })
  ).json<ProspectPage>();
  prospectId = page.items[0]!.id;
  const link = await t.app.inject({
    method: 'POST',
    url: apiPaths.liveLinks,
    headers: { cookie: owner },
    payload: { campaignId: campaign.id, url: 'https://a.com/x', anchorText: 'a', pageUrl: 'https://a.com' },
  });
  liveLinkId = link.json().id;
  // Mailboxes are connected by the outreach sending work (docs/decisions/009-outreach-sending.md); one row stands in for a connected mailbox of the owner.
  const [account] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into email_accounts (workspace_id, connected_by, email, provider)
        select c.workspace_id, c.owner_id, 'owner@mail.test', 'smtp' from campaigns c where c.id = ${campaign.id} returning id`,
  );
  emailAccountId = account!.id;
  // A reply read by the mailbox sync opens the prospect's inbox conversation (docs/decisions/024-inbox.md).
  const [message] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into inbound_messages (workspace_id, email_account_id, imap_uid_validity, imap_uid, prospect_id, kind, from_email, subject, text, html, received_at)
        select workspace_id, ${emailAccountId}, 1, 1, id, 'reply', 'a@a.com', 'Re: hi', 'Sure', '<p>Sure</p>', now()
        from prospects where id = ${prospectId} returning id`,
  );
  inboundId = message!.id;
  const [thread] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into inbox_threads (workspace_id, prospect_id, email_account_id, last_message_at, last_inbound_at, last_reply_at, needs_answer)
        select workspace_id, id, ${emailAccountId}, now(), now(), now(), true from prospects where id = ${prospectId} returning id`,
  );
  threadId = thread!.id;
  const [label] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`select l.id from inbox_labels l join prospects p on p.workspace_id = l.workspace_id where p.id = ${prospectId} limit 1`,
  );
  labelId = label!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Case {
  name: string;
  method: Method;
  url: () => string;
  payload?: () => object;
}

const byId: Case[] = [
  { name: 'campaign detail', method: 'GET', url: () => withId(apiPaths.campaign, campaign.id) },
  {
    name: 'campaign update (competitors)',
    method: 'PATCH',
    url: () => withId(apiPaths.campaign, campaign.id),
    payload: () => ({ competitors: ['x.com'] }),
  },
  {
    name: 'campaign update (status)',
    method: 'PATCH',
    url: () => withId(apiPaths.campaign, campaign.id),
    payload: () => ({ status: 'active' }),
  },
  {
    name: 'campaign collaborators',
    method: 'PUT',
    url: () => withId(apiPaths.campaignCollaborators, campaign.id),
    payload: () => ({ userIds: [] }),
  },
  { name: 'campaign delete', method: 'DELETE', url: () => withId(apiPaths.campaign, campaign.id) },
  { name: 'campaign prospects', method: 'GET', url: () => withId(apiPaths.campaignProspects, campaign.id) },
  {
    name: 'campaign prospects import batch',
    method: 'POST',
    url: () => withId(apiPaths.campaignProspects, campaign.id),
    payload: () => ({ prospects: [{ website: 'intruder.com' }] }),
  },
  { name: 'find prospects', method: 'POST', url: () => withId(apiPaths.findProspects, campaign.id) },
  { name: 'find prospects status', method: 'GET', url: () => withId(apiPaths.findProspects, campaign.id) },
  { name: 'find prospects cancel', method: 'DELETE', url: () => withId(apiPaths.findProspects, campaign.id) },
  {
    name: 'prospect status',
    method: 'PATCH',
    url: () => withId(apiPaths.prospect, prospectId),
    payload: () => ({ status: 'sent' }),
  },
  { name: 'prospect delete', method: 'DELETE', url: () => withId(apiPaths.prospect, prospectId) },
  { name: 'prospect timeline', method: 'GET', url: () => withId(apiPaths.prospectTimeline, prospectId) },
  {
    name: 'campaign outreach settings',
    method: 'GET',
    url: () => withId(apiPaths.campaignOutreach, campaign.id),
  },
  {
    name: 'campaign outreach settings update',
    method: 'PUT',
    url: () => withId(apiPaths.campaignOutreach, campaign.id),
    payload: () => ({
      emailAccountIds: [emailAccountId],
      sequenceId: '00000000-0000-4000-8000-000000000000',
      trackOpens: true,
      trackClicks: true,
    }),
  },
  {
    name: 'campaign enrollment count',
    method: 'GET',
    url: () => withId(apiPaths.campaignEnrollment, campaign.id),
  },
  {
    name: 'campaign enrollment',
    method: 'POST',
    url: () => withId(apiPaths.campaignEnrollment, campaign.id),
  },
  { name: 'prospect enrollment', method: 'POST', url: () => withId(apiPaths.prospectEnrollment, prospectId) },
  {
    name: 'step preview for another workspace’s prospect',
    method: 'POST',
    url: () => apiPaths.stepPreview,
    payload: () => ({ prospectId, subject: 'Hi [First Name]', content: 'Hello' }),
  },
  {
    name: 'live link on another workspace’s campaign',
    method: 'POST',
    url: () => apiPaths.liveLinks,
    payload: () => ({
      campaignId: campaign.id,
      url: 'https://b.com/x',
      anchorText: 'b',
      pageUrl: 'https://b.com',
    }),
  },
  { name: 'live link delete', method: 'DELETE', url: () => withId(apiPaths.liveLink, liveLinkId) },
  {
    name: 'email account disconnect',
    method: 'DELETE',
    url: () => withId(apiPaths.emailAccount, emailAccountId),
  },
  {
    name: 'AI campaign with another workspace’s mailbox',
    method: 'POST',
    url: () => apiPaths.campaigns,
    payload: () => ({
      type: 'ai',
      name: 'n',
      websiteUrl: 'a.com',
      competitors: [],
      prospects: 10,
      emailAccountId,
    }),
  },
  { name: 'inbox conversation', method: 'GET', url: () => withId(apiPaths.inboxThread, threadId) },
  {
    name: 'inbox read state',
    method: 'PUT',
    url: () => withId(apiPaths.inboxThreadRead, threadId),
    payload: () => ({ read: true }),
  },
  {
    name: 'inbox label',
    method: 'PUT',
    url: () => withId(apiPaths.inboxThreadLabel, threadId),
    payload: () => ({ labelId: null, restoreStatus: 'failed' }),
  },
  {
    name: 'inbox assignee',
    method: 'PUT',
    url: () => withId(apiPaths.inboxThreadAssignee, threadId),
    payload: () => ({ assigneeId: null }),
  },
  {
    name: 'inbox reminder',
    method: 'PUT',
    url: () => withId(apiPaths.inboxThreadReminder, threadId),
    payload: () => ({ days: 3 }),
  },
  {
    name: 'inbox draft',
    method: 'PUT',
    url: () => withId(apiPaths.inboxThreadDraft, threadId),
    payload: () => ({ subject: 'Re: hi', body: 'Mine now' }),
  },
  {
    name: 'inbox answer',
    method: 'POST',
    url: () => withId(apiPaths.inboxThreadAnswer, threadId),
    payload: () => ({ subject: 'Re: hi', body: 'Mine now' }),
  },
  {
    name: 'inbox label edit',
    method: 'PATCH',
    url: () => withId(apiPaths.inboxLabel, labelId),
    payload: () => ({ name: 'Taken over', outcome: null }),
  },
  { name: 'inbox label delete', method: 'DELETE', url: () => withId(apiPaths.inboxLabel, labelId) },
  { name: 'inbound message HTML', method: 'GET', url: () => withId(apiPaths.inboxMessageHtml, inboundId) },
  { name: 'prospect notes', method: 'GET', url: () => withId(apiPaths.prospectNotes, prospectId) },
  {
    name: 'prospect note added',
    method: 'POST',
    url: () => withId(apiPaths.prospectNotes, prospectId),
    payload: () => ({ body: 'Mine now' }),
  },
];

const lists: { name: string; url: () => string; ids: (body: unknown) => string[] }[] = [
  {
    name: 'campaigns',
    url: () => apiPaths.campaigns,
    ids: (b) => (b as { items: { id: string }[] }).items.map((i) => i.id),
  },
  {
    name: 'campaign options',
    url: () => apiPaths.campaignOptions,
    ids: (b) => (b as { id: string }[]).map((i) => i.id),
  },
  {
    name: 'contacts',
    url: () => apiPaths.contacts,
    ids: (b) => (b as { items: { id: string }[] }).items.map((i) => i.id),
  },
  {
    name: 'contacts filtered by the owner’s campaign',
    url: () => withQuery(apiPaths.contacts, { campaignId: campaign.id }),
    ids: (b) => (b as { items: { id: string }[] }).items.map((i) => i.id),
  },
  {
    name: 'live links',
    url: () => apiPaths.liveLinks,
    ids: (b) => (b as { items: { id: string }[] }).items.map((i) => i.id),
  },
  {
    name: 'email accounts',
    url: () => apiPaths.emailAccounts,
    ids: (b) => (b as { id: string }[]).map((i) => i.id),
  },
  {
    name: 'inbox conversations',
    url: () => apiPaths.inboxThreads,
    ids: (b) => (b as { items: { id: string }[] }).items.map((i) => i.id),
  },
  {
    name: 'inbox labels',
    url: () => apiPaths.inboxLabels,
    ids: (b) => (b as { id: string }[]).map((i) => i.id),
  },
];

/** Who calls from the other workspace. */
const callers: { caller: string; headers: () => Record<string, string> }[] = [
  { caller: 'another user', headers: () => ({ cookie: intruder }) },
  {
    caller: 'the owner in another workspace',
    headers: () => ({ cookie: owner, [WORKSPACE_HEADER]: otherWorkspaceId }),
  },
];

describe.each(callers)('another workspace’s objects, for $caller', ({ headers }) => {
  it.each(byId)('$name answers 404 and changes nothing', async ({ method, url, payload }) => {
    const before = await snapshot();
    const response = await t.app.inject({
      method,
      url: url(),
      headers: headers(),
      payload: payload?.(),
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(await snapshot()).toBe(before);
    // The owner still gets a normal answer for reads of the same object.
    if (method === 'GET') {
      expect((await t.app.inject({ method, url: url(), headers: { cookie: owner } })).statusCode).toBe(200);
    }
  });

  it.each(lists)('$name list shows none of the owner’s rows', async ({ url, ids }) => {
    const mine = ids((await t.app.inject({ url: url(), headers: { cookie: owner } })).json());
    expect(mine.length).toBeGreaterThan(0);
    const theirs = ids((await t.app.inject({ url: url(), headers: headers() })).json());
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
  });

  it('the contacts export of another workspace holds only the header', async () => {
    const response = await t.app.inject({
      url: withQuery(apiPaths.contactsExport, { campaignId: campaign.id }),
      headers: headers(),
    });
    expect(response.body.trim().split('\r\n')).toHaveLength(1);
  });
});
