import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, invitePath, withId } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import { invitationMessages as m, type IssuedInvitation } from '../../../shared/schemas/invitations';
import { users } from '../../db/schema/users';
import { firstLinkPath, signUpUser, type TestApp } from '../../testing/app';
import { createMailingTestApp } from '../../testing/mailing-app';
import type { LocalSmtpServer } from '../../testing/mail-servers';

/**
 * Invitations against the real app and a real local SMTP server: who may invite, the link (single
 * use, 7 days, revocable, re-sendable, bound to the invited address), joining, and the member limit.
 */
let t: TestApp;
let smtp: LocalSmtpServer;
beforeAll(async () => {
  ({ t, smtp } = await createMailingTestApp({ WORKSPACE_MAX_MEMBERS: '3' }));
});
afterAll(() => t.close());
beforeEach(() => {
  smtp.messages.length = 0;
});

interface Person {
  cookie: string;
  email: string;
  workspaceId: string;
}

async function person(verified = true): Promise<Person> {
  const { cookie, email } = await signUpUser(t.app);
  if (verified) await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const me = (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } })).json();
  return { cookie, email, workspaceId: me.workspace.id };
}

const as = (p: Person, workspaceId = p.workspaceId) => ({ cookie: p.cookie, 'x-workspace-id': workspaceId });

async function invite(owner: Person, email: string | null, role: 'member' | 'full' = 'member') {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.invitations,
    headers: as(owner),
    payload: { email, role },
  });
}

const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);

async function accept(p: Person, link: string) {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.invitationAccept,
    headers: { cookie: p.cookie },
    payload: { token: tokenOf(link) },
  });
}

describe('invitations', () => {
  it('emails a single-use link to the invited address; accepting joins the workspace with the role', async () => {
    const owner = await person();
    const guest = await person();
    const created = await invite(owner, guest.email.toUpperCase());
    expect(created.statusCode).toBe(201);
    const issued = created.json<IssuedInvitation>();
    expect(issued.delivery).toBe('email');
    expect(issued.invitation).toMatchObject({ email: guest.email, role: 'member' });
    expect(new URL(issued.link).pathname).toBe(invitePath(tokenOf(issued.link)));
    const mail = smtp.messages.find(
      (message) => message.to.includes(guest.email) && message.parsed.subject?.includes('invited you'),
    );
    expect(firstLinkPath(mail?.parsed.text)).toBe(new URL(issued.link).pathname);

    const preview = await t.app.inject({
      method: 'GET',
      url: apiPaths.invitationPreview.replace(':token', tokenOf(issued.link)),
    });
    expect(preview.json()).toMatchObject({ workspace: 'Acme', role: 'member', email: guest.email });

    const joined = await accept(guest, issued.link);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ id: owner.workspaceId, name: 'Acme' });
    // The joined workspace is now the guest's current one, and they are a member there.
    const me = (
      await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie: guest.cookie } })
    ).json();
    expect(me.workspace).toEqual({ id: owner.workspaceId, name: 'Acme', role: 'member' });
    const members = await t.app.inject({ method: 'GET', url: apiPaths.users, headers: as(owner) });
    expect(members.json().map((u: { email: string }) => u.email)).toEqual([owner.email, guest.email]);

    const again = await accept(guest, issued.link);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.used);
    const listed = await t.app.inject({ method: 'GET', url: apiPaths.invitations, headers: as(owner) });
    expect(listed.json()).toEqual([]);
  });

  it('refuses an unverified address and another address than the invited one, and keeps the link usable', async () => {
    const owner = await person();
    const invited = await person();
    const stranger = await person();
    const unverified = await person(false);
    const { link } = (await invite(owner, invited.email)).json<IssuedInvitation>();

    const wrong = await accept(stranger, link);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(m.otherEmail(invited.email));

    const { link: anyoneLink } = (await invite(owner, null)).json<IssuedInvitation>();
    const notVerified = await accept(unverified, anyoneLink);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().error.message).toBe(m.verifyFirst);

    expect((await accept(invited, link)).statusCode).toBe(200);
    expect((await accept(stranger, anyoneLink)).statusCode).toBe(200);
  });

  it('answers 404 to a forged token and refuses revoked, re-sent (old link) and expired links', async () => {
    const owner = await person();
    const guest = await person();
    const forged = await accept(guest, 'https://x.test/invite/not-a-real-token');
    expect(forged.statusCode).toBe(404);

    const first = (await invite(owner, guest.email)).json<IssuedInvitation>();
    const resent = await t.app.inject({
      method: 'POST',
      url: withId(apiPaths.invitationResend, first.invitation.id),
      headers: as(owner),
    });
    expect(resent.statusCode).toBe(200);
    const second = resent.json<IssuedInvitation>();
    expect(second.link).not.toBe(first.link);
    expect((await accept(guest, first.link)).statusCode).toBe(404);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.invitation, second.invitation.id),
      headers: as(owner),
    });
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await accept(guest, second.link);
    expect(afterRevoke.statusCode).toBe(409);
    expect(afterRevoke.json().error.message).toBe(m.revokedLink);

    const third = (await invite(owner, guest.email)).json<IssuedInvitation>();
    await t.handle.db.execute(
      sql`update workspace_invitations set expires_at = now() - interval '1 minute' where id = ${third.invitation.id}`,
    );
    const expired = await accept(guest, third.link);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe(m.expired);
  });

  it('lets only Full Access invite, list, re-send and revoke, and only in its own workspace', async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const { link, invitation } = (await invite(owner, member.email)).json<IssuedInvitation>();
    await accept(member, link);

    for (const request of [
      { method: 'GET' as const, url: apiPaths.invitations },
      {
        method: 'POST' as const,
        url: apiPaths.invitations,
        payload: { email: 'x@example.com', role: 'member' },
      },
      { method: 'POST' as const, url: withId(apiPaths.invitationResend, invitation.id) },
      { method: 'DELETE' as const, url: withId(apiPaths.invitation, invitation.id) },
    ]) {
      const refused = await t.app.inject({ ...request, headers: as(member, owner.workspaceId) });
      expect(refused.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(refused.json().error.message).toBe(workspaceMessages.fullAccessOnly);
    }
    const pending = (await invite(owner, 'later@example.com')).json<IssuedInvitation>();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.invitation, pending.invitation.id),
      headers: as(outsider),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses to invite a member again, and stops at WORKSPACE_MAX_MEMBERS with the plan wording', async () => {
    const owner = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    const toA = (await invite(owner, a.email)).json<IssuedInvitation>();
    const toB = (await invite(owner, b.email)).json<IssuedInvitation>();
    const toC = (await invite(owner, c.email)).json<IssuedInvitation>();
    expect((await accept(a, toA.link)).statusCode).toBe(200);
    const twice = await invite(owner, a.email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(m.alreadyMember);

    expect((await accept(b, toB.link)).statusCode).toBe(200);
    const full = await accept(c, toC.link);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(m.memberLimit(3));
    const inviteMore = await invite(owner, 'd@example.com');
    expect(inviteMore.statusCode).toBe(409);
    expect(inviteMore.json().error.message).toBe(m.memberLimit(3));
  });
});
