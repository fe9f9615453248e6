import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { activitySentence, type ActivityPage } from '../../../shared/schemas/activity';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { sessionCleanupJob } from '../../jobs/session-cleanup';
import { createManualCampaign } from '../../testing/campaigns';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { ACTIVITY_PAGE_SIZE } from './service';

/** The activity log through the API: what is recorded, filters, keyset pages, scoping, retention. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACTIVITY_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

async function person() {
  const { cookie } = await signUpUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const me = (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } })).json();
  return { cookie, userId: me.id as string, workspaceId: me.workspace.id as string };
}

const log = async (cookie: string, query: Record<string, string> = {}) =>
  (
    await t.app.inject({ method: 'GET', url: withQuery(apiPaths.activity, query), headers: { cookie } })
  ).json<ActivityPage>();

describe('activity log', () => {
  it('records campaign and prospect changes with who did them, newest first, and filters them', async () => {
    const ada = await person();
    const campaign = await createManualCampaign(t.app, ada.cookie, { name: 'Bikes' });
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.campaign, campaign.id),
      headers: { cookie: ada.cookie },
      payload: { status: 'active' },
    });
    const prospects = (
      await t.app.inject({
        method: 'GET',
        url: withId(apiPaths.campaignProspects, campaign.id),
        headers: { cookie: ada.cookie },
      })
    ).json<ProspectPage>();
    const alpha = prospects.items.find((p) => p.website.includes('alpha'))!;
    await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, alpha.id),
      headers: { cookie: ada.cookie },
      payload: { status: 'success' },
    });

    const page = await log(ada.cookie);
    const entries = page.items.map((e) => [e.kind, e.actor, e.subject, e.details]);
    // A prospect marked Success opens its placement in the ledger (decision 034), in Ada's name, in
    // the same transaction: the two entries share their time, so either may come first.
    expect(entries.slice(0, 2)).toHaveLength(2);
    expect(entries.slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['placement.created', 'Ada Lovelace', `https://${alpha.website}`, {}],
        ['prospect.status_changed', 'Ada Lovelace', alpha.website, { from: 'pending', to: 'success' }],
      ]),
    );
    expect(entries.slice(2)).toEqual([
      ['campaign.status_changed', 'Ada Lovelace', 'Bikes', { from: 'draft', to: 'active' }],
      ['campaign.created', 'Ada Lovelace', 'Bikes', {}],
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await log(ada.cookie, { kind: 'campaign.created' })).items).toHaveLength(1);
    expect((await log(ada.cookie, { campaignId: campaign.id })).items).toHaveLength(4);
    expect((await log(ada.cookie, { member: crypto.randomUUID() })).items).toHaveLength(0);

    const other = await person();
    expect((await log(other.cookie)).items).toEqual([]);
  });

  it('records a sequence made, changed (by its new name) and deleted', async () => {
    const dee = await person();
    const steps = [{ subject: 'Hi', content: 'Hello there', delayHours: null }];
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.sequences,
      headers: { cookie: dee.cookie },
      payload: { name: 'Pitch', steps },
    });
    const url = withId(apiPaths.sequence, created.json<{ id: string }>().id);
    await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: dee.cookie },
      payload: { name: 'Pitch v2', steps },
    });
    await t.app.inject({ method: 'DELETE', url, headers: { cookie: dee.cookie } });
    expect((await log(dee.cookie)).items.map((e) => [e.kind, e.subject, activitySentence(e)])).toEqual([
      ['sequence.deleted', 'Pitch v2', 'deleted the sequence Pitch v2'],
      ['sequence.changed', 'Pitch v2', 'changed the sequence Pitch v2'],
      ['sequence.created', 'Pitch', 'created the sequence Pitch (1 step)'],
    ]);
  });

  it('pages through many entries with a cursor, each once', async () => {
    const bob = await person();
    await t.handle.db.execute(sql`
      insert into activity (workspace_id, actor_id, kind, subject, created_at)
      select ${bob.workspaceId}, ${bob.userId}, 'campaign.created', 'C' || n, now() - n * interval '1 second'
      from generate_series(1, ${ACTIVITY_PAGE_SIZE + 5}) as n`);
    const first = await log(bob.cookie);
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await log(bob.cookie, { cursor: first.nextCursor! });
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const subjects = [...first.items, ...second.items].map((e) => e.subject);
    expect(new Set(subjects).size).toBe(ACTIVITY_PAGE_SIZE + 5);
    expect(subjects[0]).toBe('C1');

    const bad = await t.app.inject({
      method: 'GET',
      url: withQuery(apiPaths.activity, { cursor: 'not-a-cursor' }),
      headers: { cookie: bob.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('forgets entries older than ACTIVITY_RETENTION_DAYS', async () => {
    const cy = await person();
    await t.handle.db.execute(sql`
      insert into activity (workspace_id, actor_id, kind, subject, created_at)
      values (${cy.workspaceId}, ${cy.userId}, 'campaign.created', 'old', now() - interval '31 days'),
             (${cy.workspaceId}, ${cy.userId}, 'campaign.created', 'recent', now() - interval '29 days')`);
    await sessionCleanupJob.handle({}, { db: t.handle.db, config: t.config, appSecret: 'x' });
    expect((await log(cy.cookie)).items.map((e) => e.subject)).toEqual(['recent']);
  });
});
