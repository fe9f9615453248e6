import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiPaths, withId } from '../../../shared/paths';
import { roleChangeMessages } from '../../../shared/roles';
import type { Me } from '../../../shared/schemas/auth';
import type { TeamUser } from '../../../shared/schemas/settings';
import { queryRows } from '../../db/client';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
let full: { cookie: string; email: string };
let member: { cookie: string; email: string };
let other: { cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  // The first user of a fresh install gets 'full'; later ones are members.
  full = await signUpUser(t.app, { firstName: 'Fay', lastName: 'Full' });
  member = await signUpUser(t.app, { firstName: 'Mo', lastName: 'Member' });
  other = await signUpUser(t.app, { firstName: 'Ola', lastName: 'Other' });
});
afterAll(() => t.close());

const users = async (cookie: string) =>
  (await t.app.inject({ url: apiPaths.users, headers: { cookie } })).json<TeamUser[]>();
const idOf = async (email: string) =>
  (await queryRows<{ id: string }>(t.handle.db, sql`select id from users where email = ${email}`))[0]!.id;
const setRole = async (cookie: string, email: string, role: string) =>
  t.app.inject({
    method: 'PATCH',
    url: withId(apiPaths.userRole, await idOf(email)),
    headers: { cookie },
    payload: { role },
  });

describe('users and roles', () => {
  it('lists every user with role and joined date, oldest first, to a full user', async () => {
    const list = await users(full.cookie);
    expect(list.map((u) => [u.name, u.role])).toEqual([
      ['Fay Full', 'full'],
      ['Mo Member', 'member'],
      ['Ola Other', 'member'],
    ]);
    expect(Number.isNaN(Date.parse(list[0]!.createdAt))).toBe(false);
  });

  it('shows a member only their own row: nobody else’s name or email', async () => {
    const list = await users(member.cookie);
    expect(list.map((u) => [u.name, u.email, u.role])).toEqual([['Mo Member', member.email, 'member']]);
  });

  it('refuses a member changing roles, and anyone changing their own', async () => {
    const byMember = await setRole(member.cookie, other.email, 'full');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(roleChangeMessages.notFull);
    const own = await setRole(full.cookie, full.email, 'member');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(roleChangeMessages.ownRole);
    expect((await users(full.cookie)).map((u) => u.role)).toEqual(['full', 'member', 'member']);
  });

  it('lets a full user promote and demote others', async () => {
    const promoted = await setRole(full.cookie, member.email, 'full');
    expect(promoted.json()).toMatchObject({ email: member.email, role: 'full' });
    // The promoted user may now change roles, including demoting the first full user.
    expect((await setRole(member.cookie, full.email, 'member')).json().role).toBe('member');
    expect((await setRole(full.cookie, other.email, 'full')).statusCode).toBe(403);
    expect((await setRole(member.cookie, full.email, 'full')).json().role).toBe('full');
  });

  it('validates the role and the user id', async () => {
    expect((await setRole(full.cookie, member.email, 'owner')).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.userRole, '00000000-0000-4000-8000-000000000000'),
      headers: { cookie: full.cookie },
      payload: { role: 'full' },
    });
    expect(missing.statusCode).toBe(404);
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
