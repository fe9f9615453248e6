import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { emailAccounts } from '../../db/schema/mailboxes';
import { quarantinedMessages } from '../../db/schema/outreach';
import { createSignedInApp, signUpUser, type TestApp } from '../../testing/app';
import { userAndWorkspace } from '../../testing/users';

/** The messages a mailbox's sync set aside, over the API: newest first, paginated, the owner's only. */
let t: TestApp;
let owner: string;
let stranger: string;
let mailboxId: string;

beforeAll(async () => {
  let email: string;
  ({ t, cookie: owner, email } = await createSignedInApp());
  ({ cookie: stranger } = await signUpUser(t.app));
  const { userId, workspaceId } = await userAndWorkspace(t.handle.db, email);
  const [mailbox] = await t.handle.db
    .insert(emailAccounts)
    .values({ workspaceId, connectedBy: userId, email: 'ada@mail.test', provider: 'smtp' })
    .returning();
  mailboxId = mailbox!.id;
  const row = { workspaceId, emailAccountId: mailboxId, imapUidValidity: 1 };
  await t.handle.db.insert(quarantinedMessages).values([
    {
      ...row,
      imapUid: 3,
      size: 2_100_000,
      reason: 'Max header size for a MIME node exceeded',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    },
    {
      ...row,
      imapUid: 9,
      messageId: '<big@x.example>',
      fromEmail: 'news@x.example',
      subject: 'Our catalogue',
      size: 30_000_000,
      reason: 'Too large to read (28.6 MB)',
      createdAt: new Date('2026-11-23T11:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/email-accounts/:id/quarantine', () => {
  it('lists the set-aside messages newest first with their total', async () => {
    const response = await get(owner, withId(apiPaths.emailAccountQuarantine, mailboxId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: expect.any(String),
          uid: 9,
          messageId: '<big@x.example>',
          fromEmail: 'news@x.example',
          subject: 'Our catalogue',
          size: 30_000_000,
          reason: 'Too large to read (28.6 MB)',
          createdAt: '2026-11-23T11:00:00.000Z',
        },
        {
          id: expect.any(String),
          uid: 3,
          messageId: null,
          fromEmail: null,
          subject: null,
          size: 2_100_000,
          reason: 'Max header size for a MIME node exceeded',
          createdAt: '2026-11-23T10:00:00.000Z',
        },
      ],
      total: 2,
      page: 1,
      pageSize: 25,
      nextCursor: null,
    });
  });

  it('pages through them by number and by cursor', async () => {
    const url = withQuery(withId(apiPaths.emailAccountQuarantine, mailboxId), { page: 2, pageSize: 1 });
    const body = (await get(owner, url)).json();
    expect(body).toMatchObject({ total: 2, page: 2, pageSize: 1, nextCursor: null });
    expect(body.items.map((i: { uid: number }) => i.uid)).toEqual([3]);
    const first = (
      await get(owner, withQuery(withId(apiPaths.emailAccountQuarantine, mailboxId), { pageSize: 1 }))
    ).json();
    const cursor = first.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await get(owner, withQuery(withId(apiPaths.emailAccountQuarantine, mailboxId), { cursor }));
    expect(next.json()).toEqual(body);
  });

  it('answers 404 for another user’s mailbox and for one that does not exist', async () => {
    expect((await get(stranger, withId(apiPaths.emailAccountQuarantine, mailboxId))).statusCode).toBe(404);
    const missing = await get(owner, withId(apiPaths.emailAccountQuarantine, crypto.randomUUID()));
    expect(missing.statusCode).toBe(404);
  });

  it('requires a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: withId(apiPaths.emailAccountQuarantine, mailboxId),
    });
    expect(response.statusCode).toBe(401);
  });
});
