import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import type { Me } from '../../../shared/schemas/auth';
import { settingsMessages as m } from '../../../shared/schemas/settings';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (cookie: string) => t.app.inject({ url: apiPaths.sendingSettings, headers: { cookie } });
const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: apiPaths.sendingSettings, headers: { cookie }, payload });

const valid = {
  postalAddress: '  Analytical Engines Ltd, 12 Dorset St, London  ',
  timeZone: 'Europe/Berlin',
  sendWindowDays: [7, 1, 3, 3],
  sendWindowStartHour: 0,
  sendWindowEndHour: 24,
};

describe('sending settings', () => {
  it('start at Mon–Fri 08–18 UTC without a postal address, and save the user’s own only', async () => {
    const { cookie } = await signUpUser(t.app);
    const { cookie: other } = await signUpUser(t.app);
    const defaults = {
      postalAddress: null,
      timeZone: 'UTC',
      sendWindowDays: [1, 2, 3, 4, 5],
      sendWindowStartHour: 8,
      sendWindowEndHour: 18,
    };
    expect((await get(cookie)).json()).toEqual(defaults);
    const saved = await put(cookie, valid);
    expect(saved.json()).toEqual({
      postalAddress: 'Analytical Engines Ltd, 12 Dorset St, London',
      timeZone: 'Europe/Berlin',
      sendWindowDays: [1, 3, 7],
      sendWindowStartHour: 0,
      sendWindowEndHour: 24,
    });
    expect((await get(cookie)).json()).toEqual(saved.json());
    expect((await get(other)).json()).toEqual(defaults);
    expect((await put(cookie, { ...valid, postalAddress: '' })).json().postalAddress).toBeNull();
  });

  it('refuses an unknown time zone, no day, and an empty or out-of-range window with the form’s messages', async () => {
    const { cookie } = await signUpUser(t.app);
    const cases: [object, string][] = [
      [{ timeZone: 'Mars/Olympus' }, m.invalidTimeZone],
      [{ timeZone: '+02:00' }, m.invalidTimeZone],
      [{ sendWindowDays: [] }, m.noSendingDay],
      [{ sendWindowStartHour: 18, sendWindowEndHour: 9 }, m.emptyWindow],
      [{ sendWindowEndHour: 25 }, m.hourRange],
    ];
    for (const [change, message] of cases) {
      const response = await put(cookie, { ...valid, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect((await get(cookie)).json().timeZone).toBe('UTC');
  });

  it('are changed by Full Access only: a member of the workspace gets 403 and changes nothing', async () => {
    const { cookie: owner } = await signUpUser(t.app);
    const { cookie: member } = await signUpUser(t.app);
    const [fay, mo] = await Promise.all(
      [owner, member].map(async (c) =>
        (await t.app.inject({ url: apiPaths.me, headers: { cookie: c } })).json<Me>(),
      ),
    );
    const workspaceId = fay!.workspace.id;
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: mo!.id, role: 'member', lastUsedAt: new Date(0) });
    const headers = { cookie: member, [WORKSPACE_HEADER]: workspaceId };
    const refused = await t.app.inject({
      method: 'PUT',
      url: apiPaths.sendingSettings,
      headers,
      payload: valid,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(workspaceMessages.fullAccessOnly);
    // A member still reads them, and they are as they were.
    const read = await t.app.inject({ url: apiPaths.sendingSettings, headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().timeZone).toBe('UTC');
    expect((await get(owner)).json().timeZone).toBe('UTC');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: apiPaths.sendingSettings })).statusCode).toBe(401);
  });
});
