import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import type { LiveEvent } from '../../shared/schemas/live-events';
import type { ProspectPage } from '../../shared/schemas/prospects';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { listenForEvents, type EventHub } from './listen';
import { publishEvent } from './publish';

let t: TestApp;
let hub: EventHub;

beforeAll(async () => {
  t = await createTestApp();
  hub = await listenForEvents(t.handle);
});
afterAll(async () => {
  await hub?.close();
  await t?.close();
});

/** Signs a user up and collects the events the hub passes on for their workspace. */
async function userWithEvents() {
  const { cookie } = await signUpUser(t.app);
  const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
  const events: LiveEvent[] = [];
  hub.subscribe({
    workspaceId: me.json<Me>().workspace.id,
    onEvent: (e) => events.push(e),
    onLost: () => {},
  });
  return { cookie, events };
}

describe('publishing at the change sites', () => {
  it('a prospect status change tells its workspace which campaign changed, and nobody else', async () => {
    const ann = await userWithEvents();
    const bob = await userWithEvents();
    const campaign = await createManualCampaign(t.app, ann.cookie);
    const page = await t.app.inject({
      method: 'GET',
      url: withId(apiPaths.campaignProspects, campaign.id),
      headers: { cookie: ann.cookie },
    });
    const prospect = page.json<ProspectPage>().items[0]!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.prospect, prospect.id),
      headers: { cookie: ann.cookie },
      payload: { status: 'success' },
    });
    expect(patched.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(ann.events).toContainEqual({ type: 'prospects.changed', campaignId: campaign.id }),
    );
    expect(bob.events).toEqual([]);
  });

  it('a closed hub passes nothing on while an open one still does', async () => {
    const workspaceId = '0b5e7c2a-4d1f-4e8a-9c3b-6a2d1f0e9b8c';
    const closed = await listenForEvents(t.handle);
    const seenByClosed: LiveEvent[] = [];
    closed.subscribe({ workspaceId, onEvent: (e) => seenByClosed.push(e), onLost: () => {} });
    await closed.close();
    const seen: LiveEvent[] = [];
    hub.subscribe({ workspaceId, onEvent: (e) => seen.push(e), onLost: () => {} });
    await publishEvent(t.handle.db, { workspaceId, type: 'mailboxes.changed' });
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'mailboxes.changed' }]));
    expect(seenByClosed).toEqual([]);
  });
});
