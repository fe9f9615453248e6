import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiPaths, withId } from '../../../shared/paths';
import { roleChangeMessages, workspaceMessages } from '../../../shared/roles';
import type { Me, Role } from '../../../shared/schemas/auth';
import type { TeamUser } from '../../../shared/schemas/settings';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { changeRole, removeMember } from './service';

let t: TestApp;
let other: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  other = await signUpUser(t.app, { firstName: 'Ola', lastName: 'Other' });
});
afterAll(() => t.close());

/** A signed-up user with their id and their own workspace's id. */
interface Person {
  cookie: string;
  email: string;
  id: string;
  workspaceId: string;
}

async function signUp(firstName: string, lastName: string): Promise<Person> {
  const { cookie, email } = await signUpUser(t.app, { firstName, lastName, companyName: `${firstName} Co` });
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { cookie, email, id: me.id, workspaceId: me.workspace.id };
}

/**
 * Fay's workspace with Mo and Ola as members, joined in that order. Invitations do not exist yet,
 * so the memberships are inserted; each of them also keeps their own workspace from sign-up.
 */
async function team(): Promise<{ workspaceId: string; fay: Person; mo: Person; ola: Person }> {
  const fay = await signUp('Fay', 'Full');
  const mo = await signUp('Mo', 'Member');
  const ola = await signUp('Ola', 'Other');
  const joined = Date.now();
  await t.handle.db.insert(workspaceMembers).values([
    { workspaceId: fay.workspaceId, userId: mo.id, role: 'member', joinedAt: new Date(joined + 1000) },
    { workspaceId: fay.workspaceId, userId: ola.id, role: 'member', joinedAt: new Date(joined + 2000) },
  ]);
  return { workspaceId: fay.workspaceId, fay, mo, ola };
}

/** Headers of a request by `who` acting in `workspaceId`. */
const as = (who: Person, workspaceId: string) => ({ cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId });

const list = async (who: Person, workspaceId = who.workspaceId) =>
  t.app.inject({ url: apiPaths.users, headers: as(who, workspaceId) });
const setRole = (who: Person, workspaceId: string, targetId: string, role: string) =>
  t.app.inject({
    method: 'PATCH',
    url: withId(apiPaths.userRole, targetId),
    headers: as(who, workspaceId),
    payload: { role },
  });
const remove = (who: Person, workspaceId: string, targetId: string) =>
  t.app.inject({ method: 'DELETE', url: withId(apiPaths.user, targetId), headers: as(who, workspaceId) });
const roles = async (who: Person, workspaceId: string) =>
  (await list(who, workspaceId)).json<TeamUser[]>().map((u) => [u.name, u.role]);

describe('the Users tab lists the workspace’s members', () => {
  it('shows two users who signed up separately only themselves, each with Full Access in their own workspace', async () => {
    const ann = await signUp('Ann', 'Apart');
    const bob = await signUp('Bob', 'Beside');
    expect(ann.workspaceId).not.toBe(bob.workspaceId);
    for (const who of [ann, bob]) {
      const members = (await list(who)).json<TeamUser[]>();
      expect(members).toEqual([
        {
          id: who.id,
          name: expect.any(String),
          email: who.email,
          role: 'full',
          joinedAt: expect.any(String),
        },
      ]);
      expect(Number.isNaN(Date.parse(members[0]!.joinedAt))).toBe(false);
    }
  });

  it('lists every member of the workspace with role and joined date, oldest first, to each member', async () => {
    const { workspaceId, fay, mo, ola } = await team();
    const expected = [
      ['Fay Full', 'full'],
      ['Mo Member', 'member'],
      ['Ola Other', 'member'],
    ];
    expect(await roles(fay, workspaceId)).toEqual(expected);
    expect(await roles(mo, workspaceId)).toEqual(expected);
    // In their own workspace, Mo is still alone.
    expect(await roles(mo, mo.workspaceId)).toEqual([['Mo Member', 'full']]);
    const members = (await list(ola, workspaceId)).json<TeamUser[]>();
    expect(members.map((u) => u.email)).toEqual([fay.email, mo.email, ola.email]);
    expect(Date.parse(members[1]!.joinedAt)).toBeLessThan(Date.parse(members[2]!.joinedAt));
  });
});

describe('roles per workspace', () => {
  it('refuses a member changing roles, and anyone changing their own', async () => {
    const { workspaceId, fay, mo, ola } = await team();
    const byMember = await setRole(mo, workspaceId, ola.id, 'full');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(roleChangeMessages.notFull);
    // Mo has Full Access in his own workspace, which gives him nothing in Fay's.
    expect((await setRole(mo, workspaceId, mo.id, 'full')).statusCode).toBe(403);
    const own = await setRole(fay, workspaceId, fay.id, 'member');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(roleChangeMessages.ownRole);
    expect((await roles(fay, workspaceId)).map(([, role]) => role)).toEqual(['full', 'member', 'member']);
  });

  it('lets a full member promote and demote others, in this workspace only', async () => {
    const { workspaceId, fay, mo, ola } = await team();
    const promoted = await setRole(fay, workspaceId, mo.id, 'full');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: mo.id, email: mo.email, role: 'full' });
    // The promoted member may now change roles, including demoting the one who promoted him.
    expect((await setRole(mo, workspaceId, fay.id, 'member')).json().role).toBe('member');
    expect((await setRole(fay, workspaceId, ola.id, 'full')).statusCode).toBe(403);
    expect((await setRole(mo, workspaceId, fay.id, 'full')).json().role).toBe('full');
    const me = (await t.app.inject({ url: apiPaths.me, headers: as(mo, workspaceId) })).json<Me>();
    expect(me.role).toBe('full');
    // Nothing changed in the members' own workspaces.
    expect(await roles(mo, mo.workspaceId)).toEqual([['Mo Member', 'full']]);
    expect(await roles(ola, ola.workspaceId)).toEqual([['Ola Other', 'full']]);
  });

  it('keeps the last full member: a demotion that would leave none answers 409', async () => {
    const { workspaceId, fay, mo } = await team();
    expect((await setRole(fay, workspaceId, mo.id, 'full')).statusCode).toBe(200);
    // Mo demotes Fay; Fay's request, its role read before that (as a concurrent one is), then
    // demotes Mo: that would leave no full member.
    expect((await setRole(mo, workspaceId, fay.id, 'member')).statusCode).toBe(200);
    const staleFay = { userId: fay.id, workspaceId, role: 'full' as Role };
    await expect(changeRole(t.handle.db, staleFay, mo.id, 'member')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: roleChangeMessages.lastFull,
    });
    expect(await roles(mo, workspaceId)).toEqual([
      ['Fay Full', 'member'],
      ['Mo Member', 'full'],
      ['Ola Other', 'member'],
    ]);
  });

  it('never leaves a workspace without a full member when two full members demote each other at once', async () => {
    const { workspaceId, fay, mo } = await team();
    expect((await setRole(fay, workspaceId, mo.id, 'full')).statusCode).toBe(200);
    const answers = await Promise.all([
      setRole(fay, workspaceId, mo.id, 'member'),
      setRole(mo, workspaceId, fay.id, 'member'),
    ]);
    // One wins; the other is refused, as a member (403) or as the last full member's demoter (409).
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403 || s === 409)).toHaveLength(1);
    const full = (await roles(fay, workspaceId)).filter(([, role]) => role === 'full');
    expect(full).toHaveLength(1);
  });

  it('validates the role, and answers 404 for an id that is not a member of this workspace', async () => {
    const { workspaceId, fay, mo } = await team();
    const stranger = await signUp('Sam', 'Stranger');
    expect((await setRole(fay, workspaceId, mo.id, 'owner')).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', stranger.id]) {
      const response = await setRole(fay, workspaceId, id, 'full');
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    // Fay's full role in her workspace reaches nobody in the stranger's.
    expect(await roles(stranger, stranger.workspaceId)).toEqual([['Sam Stranger', 'full']]);
  });
});

describe('DELETE /api/users/:id', () => {
  it('lets a full member remove a member, whose next request to the workspace answers 403 NOT_A_MEMBER', async () => {
    const { workspaceId, fay, mo } = await team();
    expect((await list(mo, workspaceId)).statusCode).toBe(200);
    const removed = await remove(fay, workspaceId, mo.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await roles(fay, workspaceId)).map(([name]) => name)).toEqual(['Fay Full', 'Ola Other']);

    const next = await list(mo, workspaceId);
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toEqual({ code: 'NOT_A_MEMBER', message: workspaceMessages.notMember });
    // Without the header, Mo acts in the workspace he still has: his own.
    const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie: mo.cookie } })).json<Me>();
    expect(me.workspace).toEqual({ id: mo.workspaceId, name: 'Mo Co', role: 'full' });
    expect(me.workspaces).toEqual([me.workspace]);
  });

  it('refuses a member removing anyone, and a full member removing themselves', async () => {
    const { workspaceId, fay, mo, ola } = await team();
    for (const target of [ola, fay]) {
      const byMember = await remove(mo, workspaceId, target.id);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().error.message).toBe(workspaceMessages.fullAccessOnly);
    }
    const self = await remove(fay, workspaceId, fay.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(workspaceMessages.removeSelf);
    expect(await roles(fay, workspaceId)).toHaveLength(3);
  });

  it('keeps the last full member: a removal that would leave none answers 409', async () => {
    const { workspaceId, fay, mo } = await team();
    expect((await setRole(fay, workspaceId, mo.id, 'full')).statusCode).toBe(200);
    expect((await setRole(mo, workspaceId, fay.id, 'member')).statusCode).toBe(200);
    // Fay's request, its role read before her demotion, tries to remove the only full member left.
    const staleFay = { userId: fay.id, workspaceId, role: 'full' as Role };
    await expect(removeMember(t.handle.db, staleFay, mo.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: workspaceMessages.removeLastFull,
    });
    expect(await roles(mo, workspaceId)).toHaveLength(3);
  });

  it('answers 404 for an id that is not a member of this workspace, and removes nothing elsewhere', async () => {
    const { workspaceId, fay } = await team();
    const stranger = await signUp('Sam', 'Stranger');
    for (const id of ['00000000-0000-4000-8000-000000000000', stranger.id]) {
      const response = await remove(fay, workspaceId, id);
      expect(response.statusCode, id).toBe(404);
    }
    const memberships = await t.handle.db
      .select()
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, stranger.workspaceId), eq(workspaceMembers.userId, stranger.id)),
      );
    expect(memberships).toHaveLength(1);
  });
});

describe('PATCH /api/profile', () => {
  it('updates first, last and company name; the full name follows; email stays', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { cookie: other.cookie },
      payload: { firstName: ' Olga ', lastName: 'Newname', companyName: 'New Co' },
    });
    expect(response.statusCode).toBe(200);
    const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie: other.cookie } })).json<Me>();
    expect(me).toMatchObject({
      firstName: 'Olga',
      lastName: 'Newname',
      fullName: 'Olga Newname',
      companyName: 'New Co',
      email: other.email,
    });
  });

  it('requires the three names', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { cookie: other.cookie },
      payload: { firstName: '', lastName: 'x', companyName: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues.map((i: { message: string }) => i.message)).toEqual([
      messages.auth.firstNameRequired,
      messages.auth.companyNameRequired,
    ]);
  });

  it('needs a session', async () => {
    const payload = { firstName: 'A', lastName: 'B', companyName: 'C' };
    expect((await t.app.inject({ method: 'PATCH', url: apiPaths.profile, payload })).statusCode).toBe(401);
  });
});
