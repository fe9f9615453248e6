import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import type { LiveEvent } from '../../../shared/schemas/live-events';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { EVENTS_CHANNEL, publishEvent } from '../../events/publish';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

/** An open GET /api/events stream, read message by message. */
interface EventReader {
  /** The next `data:` message (comments and the retry hint skipped); null when the stream ended. */
  next(): Promise<LiveEvent | null>;
  /** Everything received so far, raw. */
  raw(): string;
  cancel(): Promise<void>;
}

let t: TestApp;
let base: string;
const campaignId = '5b0d6a4e-8c1f-4d3a-9f0e-2a7b6c5d4e3f';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  // fetch's pool may hold a socket that never carried a request; Node would wait for its 60 s
  // headers timeout. Every stream has ended by now (the last test proves streams end on close).
  t?.app.server.closeAllConnections();
  await t?.close();
});

/** A signed-up user and the id of their workspace, which events are published to. */
async function signedInUser(): Promise<{ cookie: string; workspaceId: string }> {
  const { cookie } = await signUpUser(t.app);
  const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } });
  return { cookie, workspaceId: me.json<Me>().workspace.id };
}

async function openEvents(cookie: string, workspaceId?: string): Promise<EventReader> {
  const abort = new AbortController();
  const headers: Record<string, string> = { cookie };
  if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  const response = await fetch(`${base}${apiPaths.events}`, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let all = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6));
          if (data.length) return JSON.parse(data.join('\n')) as LiveEvent;
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) return null;
        const text = decoder.decode(chunk.value, { stream: true });
        buffer += text;
        all += text;
      }
    },
    raw: () => all,
    // Aborting closes the connection, as a browser does when the tab goes.
    cancel: async () => abort.abort(),
  };
}

describe('GET /api/events', () => {
  it('refuses a visitor without a session', async () => {
    const response = await fetch(`${base}${apiPaths.events}`);
    expect(response.status).toBe(401);
    await response.text();
  });

  it('streams a published event to its workspace’s user, with the retry hint, uncompressed', async () => {
    const user = await signedInUser();
    const abort = new AbortController();
    const response = await fetch(`${base}${apiPaths.events}`, {
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, br' },
      signal: abort.signal,
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    abort.abort();

    const events = await openEvents(user.cookie);
    await publishEvent(t.handle.db, { workspaceId: user.workspaceId, type: 'inbound.applied', campaignId });
    expect(await events.next()).toEqual({ type: 'inbound.applied', campaignId });
    expect(events.raw()).toMatch(/^retry: \d+\n\n/);
    await events.cancel();
  });

  it('never sends one user another workspace’s events', async () => {
    const ann = await signedInUser();
    const bob = await signedInUser();
    const annEvents = await openEvents(ann.cookie);
    const bobEvents = await openEvents(bob.cookie);
    await publishEvent(t.handle.db, { workspaceId: ann.workspaceId, type: 'prospects.changed', campaignId });
    await publishEvent(t.handle.db, { workspaceId: bob.workspaceId, type: 'notifications.changed' });
    // NOTIFYs arrive in order: had Ann's event reached Bob, it would come before his own.
    expect(await bobEvents.next()).toEqual({ type: 'notifications.changed' });
    expect(await annEvents.next()).toEqual({ type: 'prospects.changed', campaignId });
    await annEvents.cancel();
    await bobEvents.cancel();
  });

  it('sends a workspace’s events to every member who has it open', async () => {
    const ann = await signedInUser();
    const bob = await signedInUser();
    const [bobUser] = await t.handle.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
      .where(eq(workspaceMembers.workspaceId, bob.workspaceId));
    await t.handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: ann.workspaceId, userId: bobUser!.id, role: 'member' });
    const annEvents = await openEvents(ann.cookie);
    const bobInAnn = await openEvents(bob.cookie, ann.workspaceId);
    const bobOwn = await openEvents(bob.cookie, bob.workspaceId);
    await publishEvent(t.handle.db, { workspaceId: ann.workspaceId, type: 'prospects.changed', campaignId });
    await publishEvent(t.handle.db, { workspaceId: bob.workspaceId, type: 'notifications.changed' });
    expect(await annEvents.next()).toEqual({ type: 'prospects.changed', campaignId });
    expect(await bobInAnn.next()).toEqual({ type: 'prospects.changed', campaignId });
    // NOTIFYs arrive in order: had Ann's workspace's event reached Bob's own page, it would come first.
    expect(await bobOwn.next()).toEqual({ type: 'notifications.changed' });
    await annEvents.cancel();
    await bobInAnn.cancel();
    await bobOwn.cancel();
  });

  it('delivers an event published in a transaction at commit, and drops it on rollback', async () => {
    const user = await signedInUser();
    const events = await openEvents(user.cookie);
    await t.handle.db
      .transaction(async (tx) => {
        await publishEvent(tx, { workspaceId: user.workspaceId, type: 'outreach.changed', campaignId });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.handle.db.transaction(async (tx) => {
      await publishEvent(tx, { workspaceId: user.workspaceId, type: 'discovery.finished', campaignId });
      await publishEvent(tx, { workspaceId: user.workspaceId, type: 'discovery.finished', campaignId });
      await publishEvent(tx, { workspaceId: user.workspaceId, type: 'mailboxes.changed' });
    });
    // The rolled-back event never comes, and PostgreSQL folds a transaction's identical ones into one.
    expect(await events.next()).toEqual({ type: 'discovery.finished', campaignId });
    expect(await events.next()).toEqual({ type: 'mailboxes.changed' });
    await events.cancel();
  });

  it('passes on a NOTIFY sent outside the app’s database client, as a worker process sends it', async () => {
    const user = await signedInUser();
    const events = await openEvents(user.cookie);
    const payload = JSON.stringify({ workspaceId: user.workspaceId, type: 'live-links.changed' });
    // A second connection, as the worker role has: the web process hears it through its LISTEN.
    const worker = new pg.Client({ connectionString: t.handle.connectionString });
    await worker.connect();
    await worker.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, 'not json']);
    await worker.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
    await worker.end();
    // The malformed payload is skipped, the valid one delivered.
    expect(await events.next()).toEqual({ type: 'live-links.changed' });
    await events.cancel();
  });

  it('ends open streams when the server closes', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const address = own.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const { cookie } = await signUpUser(own.app);
    const response = await fetch(`http://127.0.0.1:${address.port}${apiPaths.events}`, {
      headers: { cookie },
    });
    const reader = response.body!.getReader();
    await reader.read();
    await own.close();
    let chunk = await reader.read();
    while (!chunk.done) chunk = await reader.read();
    expect(chunk.done).toBe(true);
    // The database behind it is closed too: nothing was left listening.
    await expect(own.handle.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
