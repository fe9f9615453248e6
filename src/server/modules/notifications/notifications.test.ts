import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { notifications } from '../../db/schema/notifications';
import { createSignedInApp, type TestApp } from '../../testing/app';
import { userAndWorkspace } from '../../testing/users';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  const { workspaceId } = await userAndWorkspace(t.handle.db, (await me()).email);
  await t.handle.db
    .insert(notifications)
    .values({ workspaceId, kind: 'link-lost', title: 'Link lost', body: 'The page is gone' });
});
afterAll(() => t.close());

async function me(): Promise<{ email: string }> {
  return (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json();
}
const markRead = (payload: object) =>
  t.app.inject({ method: 'POST', url: apiPaths.notificationsRead, headers: { cookie }, payload });
const unread = async () =>
  (await t.handle.db.select().from(notifications).where(isNull(notifications.readAt))).length;

describe('marking notifications read', () => {
  it('treats an empty list of ids as nothing to mark, not as "all"', async () => {
    const response = await markRead({ ids: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 0 });
    expect(await unread()).toBe(1);
  });

  it('refuses an id that is not a uuid with 400, never 500', async () => {
    for (const ids of [[''], ['x'], ['00000000-0000-0000-0000-00000000000g'], [1]]) {
      const response = await markRead({ ids });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await unread()).toBe(1);
  });
});
