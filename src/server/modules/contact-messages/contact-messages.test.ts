import { pageCount } from '../../../shared/schemas/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { contactLimits, contactMessages, type ContactInput } from '../../../shared/schemas/contact';
import { contactMessages as contactTable } from '../../db/schema/contact';
import { signUpAdmin } from '../../testing/admin';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid: ContactInput = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Agency pricing',
  message: 'Do you offer a plan for agencies with 20 clients?',
};
const send = (body: unknown, ip: string) =>
  t.app.inject({ method: 'POST', url: apiPaths.contact, payload: body as object, remoteAddress: ip });
const listMessages = (cookie?: string, page = 1) =>
  t.app.inject({
    method: 'GET',
    url: `${apiPaths.contactMessages}?page=${page}`,
    headers: cookie ? { cookie } : {},
  });

describe('contact form', () => {
  it('stores a valid message with the sender IP', async () => {
    const response = await send(valid, '10.1.0.1');
    expect(response.statusCode).toBe(201);
    const rows = await t.handle.db.select().from(contactTable);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, ipAddress: '10.1.0.1' });
  });

  it('answers with the contact form messages and stores nothing', async () => {
    const response = await send({ name: ' ', email: 'not-an-address', subject: '', message: '' }, '10.1.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'name', message: contactMessages.nameRequired },
      { path: 'email', message: contactMessages.invalidEmail },
      { path: 'subject', message: contactMessages.subjectRequired },
      { path: 'message', message: contactMessages.messageRequired },
    ]);
    const empty = await send({ ...valid, email: '' }, '10.1.0.2');
    expect(empty.json().error.issues).toEqual([{ path: 'email', message: contactMessages.emailRequired }]);
    expect(await t.handle.db.select().from(contactTable)).toHaveLength(1);
  });

  it('accepts 5 messages per IP per hour, then refuses with 429; other IPs are unaffected', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < contactLimits.perIpPerHour; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const refused = await send(valid, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(contactMessages.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(valid, '10.2.0.2')).statusCode).toBe(201);
  });

  it('lists messages newest first to admins only, paginated', async () => {
    expect((await listMessages()).statusCode).toBe(401);
    const member = await signUpUser(t.app);
    expect((await listMessages(member.cookie)).statusCode).toBe(403);

    const admin = await signUpAdmin(t.app, t.handle.db);
    await send({ ...valid, subject: 'The newest' }, '10.3.0.1');
    const page = (await listMessages(admin.cookie)).json();
    expect(page.total).toBe(8);
    expect(page.items[0]).toMatchObject({ subject: 'The newest', email: valid.email });
    expect(page.items[0]).not.toHaveProperty('ipAddress');
    expect(pageCount(page.total, page.pageSize)).toBe(1);
  });
});
