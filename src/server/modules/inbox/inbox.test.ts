import { and, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { activitySentence, type ActivityPage } from '../../../shared/schemas/activity';
import type { Me } from '../../../shared/schemas/auth';
import type { ProspectTimeline } from '../../../shared/schemas/prospect-timeline';
import {
  inboxMessages,
  type InboxLabel,
  type InboxPage,
  type InboxThread,
  type LabelThreadResult,
} from '../../../shared/schemas/inbox';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboxAnswers, inboxThreads } from '../../db/schema/inbox';
import { notifications } from '../../db/schema/notifications';
import { enrollments } from '../../db/schema/outreach';
import { prospects } from '../../db/schema/prospects';
import { workspaceMembers } from '../../db/schema/workspaces';
import { notifyDueReminders } from '../../inbox/reminders';
import { syncMailbox } from '../../inbox/pipeline/sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createOutreachFixture, sendDueSteps, type OutreachFixture } from '../../testing/outreach';

/**
 * The inbox end to end on real servers (docs/product.md#inbox): sequence steps go out over SMTP,
 * prospects answer into a real Dovecot INBOX, the sync files their messages in conversations, and
 * members read, label, assign, remind, note and answer them through the API — the answer going out
 * threaded over SMTP and filed in the mailbox's Sent folder over IMAP.
 */
const START = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let f: OutreachFixture;
let full: { cookie: string; id: string };
let member: { cookie: string; id: string };
let outsider: string;
const people = {
  anna: { website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna Lee' },
  bob: { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
  cleo: { website: 'https://c.example', email: 'cleo@c.example', name: 'Cleo' },
};
let sent: Record<string, { messageId: string; subject: string }> = {};

const mime = (from: string, headers: string, body: string, date = 'Mon, 23 Nov 2026 12:00:00 +0000') =>
  `From: ${from}\r\nTo: ${f.sender.user}\r\nDate: ${date}\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\n${headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
const replyHeaders = (email: string) =>
  `Subject: Re: ${sent[email]!.subject}\r\nIn-Reply-To: ${sent[email]!.messageId}\r\nReferences: ${sent[email]!.messageId}`;
const sync = () =>
  syncMailbox(t.handle.db, f.keys, outreachInboundEffects, t.config, f.mailboxId, new Date());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: { cookie: string } | string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: typeof who === 'string' ? who : who.cookie,
      ...(typeof who === 'string' ? {} : { [WORKSPACE_HEADER]: f.workspaceId }),
    },
    ...(payload ? { payload } : {}),
  });

async function joinFixtureWorkspace(role: 'full' | 'member') {
  const { cookie } = await signUpUser(t.app);
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  await t.handle.db.insert(workspaceMembers).values({ workspaceId: f.workspaceId, userId: me.id, role });
  return { cookie, id: me.id };
}

const list = async (query: Record<string, string> = {}) => {
  const response = await call(full, 'GET', withQuery(apiPaths.inboxThreads, query));
  expect(response.statusCode).toBe(200);
  return response.json<InboxPage>();
};
const threadOf = async (email: string) => {
  const [row] = await t.handle.db
    .select({ id: inboxThreads.id })
    .from(inboxThreads)
    .innerJoin(prospects, eq(prospects.id, inboxThreads.prospectId))
    .where(eq(prospects.contactEmail, email));
  return row!.id;
};
const prospectOf = async (email: string) =>
  (await t.handle.db.select().from(prospects).where(eq(prospects.contactEmail, email)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://app.example' });
  f = await createOutreachFixture(t.handle.db, {
    prospects: Object.values(people),
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: 24 },
      { subject: 'Following up', content: 'Any thoughts?', delayHours: null },
    ],
    start: START,
  });
  sent = await sendDueSteps(t.handle.db, f, t.config, START, Object.keys(people).length);
  full = await joinFixtureWorkspace('full');
  member = await joinFixtureWorkspace('member');
  ({ cookie: outsider } = await signUpUser(t.app));

  await f.imap.deliver(
    f.sender,
    mime(
      'Anna Lee <anna@blog-a.example>',
      replyHeaders(people.anna.email),
      'Sounds good, what would the post be about?\n\nOn Mon, Nov 23, 2026 at 10:00 AM Grace Hopper <grace@sender.test> wrote:\n> Hi Anna, a guest post idea.',
    ),
  );
  await f.imap.deliver(
    f.sender,
    mime(
      'Bob <bob@b.example>',
      `${replyHeaders(people.bob.email)}\r\nAuto-Submitted: auto-replied`,
      'I am away until December 2.',
    ),
  );
  await sync();
}, 60_000);
afterAll(async () => {
  await f.close();
  await t.close();
});

describe('inbox', () => {
  it('lists conversations with a human reply, newest first, and hides automatic-only ones until asked', async () => {
    const page = await list();
    expect(page.items.map((i) => i.contactEmail)).toEqual([people.anna.email]);
    expect(page.items[0]).toMatchObject({
      website: people.anna.website,
      subject: `Re: ${sent[people.anna.email]!.subject}`,
      snippet: 'Sounds good, what would the post be about?',
      lastKind: 'reply',
      unread: true,
      needsAnswer: true,
      mailboxEmail: f.sender.user,
      label: null,
    });
    const withAutomatic = await list({ automatic: 'true' });
    expect(withAutomatic.items.map((i) => i.contactEmail).sort()).toEqual([
      people.anna.email,
      people.bob.email,
    ]);
    expect(withAutomatic.items.find((i) => i.contactEmail === people.bob.email)!.lastKind).toBe('auto_reply');
  });

  it('searches sender, subject and text on the server, and filters by view, campaign and mailbox', async () => {
    expect((await list({ search: 'what would the POST' })).items).toHaveLength(1);
    expect((await list({ search: 'anna@blog-a' })).items).toHaveLength(1);
    expect((await list({ search: 'nothing like this' })).items).toHaveLength(0);
    expect((await list({ search: '%' })).items).toHaveLength(0);
    expect((await list({ view: 'needs_answer' })).items).toHaveLength(1);
    expect((await list({ view: 'reminders' })).items).toHaveLength(0);
    expect((await list({ campaignId: f.campaignId })).items).toHaveLength(1);
    expect((await list({ mailboxId: crypto.randomUUID() })).items).toHaveLength(0);
    const bad = await call(full, 'GET', withQuery(apiPaths.inboxThreads, { cursor: 'not-a-cursor' }));
    expect(bad.statusCode).toBe(400);
  });

  it('counts unread per member: opening marks read for the reader only, and unread can be set back', async () => {
    const unread = async (who: { cookie: string }) =>
      (await call(who, 'GET', apiPaths.inboxUnread)).json<{ unread: number }>().unread;
    expect(await unread(full)).toBe(1);
    expect(await unread(member)).toBe(1);
    const id = await threadOf(people.anna.email);
    expect((await call(full, 'PUT', withId(apiPaths.inboxThreadRead, id), { read: true })).statusCode).toBe(
      200,
    );
    expect(await unread(full)).toBe(0);
    expect(await unread(member)).toBe(1);
    expect((await list({ view: 'unread' })).items).toHaveLength(0);
    await call(full, 'PUT', withId(apiPaths.inboxThreadRead, id), { read: false });
    expect(await unread(full)).toBe(1);
  });

  it('shows the whole conversation in order with the quoted history apart and the prospect card', async () => {
    const id = await threadOf(people.anna.email);
    const response = await call(member, 'GET', withId(apiPaths.inboxThread, id));
    expect(response.statusCode).toBe(200);
    const thread = response.json<InboxThread>();
    expect(thread.messages.map((m) => m.type)).toEqual(['step', 'inbound']);
    const theirs = thread.messages[1]!;
    expect(theirs.type === 'inbound' && theirs.text).toBe('Sounds good, what would the post be about?');
    expect(thread.prospect).toMatchObject({
      website: people.anna.website,
      status: 'responded',
      campaignId: f.campaignId,
    });
    expect(thread.mailbox).toEqual({ id: f.mailboxId, email: f.sender.user, paused: false, error: null });
    expect(thread.answerSubject).toBe(`Re: ${sent[people.anna.email]!.subject}`);
    expect(thread.draft).toBeNull();
  });

  it('keeps each member’s draft as it is typed', async () => {
    const id = await threadOf(people.anna.email);
    const saved = await call(member, 'PUT', withId(apiPaths.inboxThreadDraft, id), {
      subject: 'Re: hello',
      body: 'Hi [First Name], first words',
    });
    expect(saved.statusCode).toBe(200);
    await call(member, 'PUT', withId(apiPaths.inboxThreadDraft, id), {
      subject: 'Re: hello',
      body: 'Hi [First Name], more',
    });
    const mine = (await call(member, 'GET', withId(apiPaths.inboxThread, id))).json<InboxThread>();
    expect(mine.draft).toMatchObject({
      subject: 'Re: hello',
      body: 'Hi [First Name], more',
      lastError: null,
    });
    const theirs = (await call(full, 'GET', withId(apiPaths.inboxThread, id))).json<InboxThread>();
    expect(theirs.draft).toBeNull();
  });

  it('refuses to send from a paused mailbox and keeps the draft', async () => {
    const id = await threadOf(people.anna.email);
    await t.handle.db
      .update(emailAccounts)
      .set({ status: 'paused', statusSource: 'user' })
      .where(eq(emailAccounts.id, f.mailboxId));
    const refused = await call(member, 'POST', withId(apiPaths.inboxThreadAnswer, id), {
      subject: 'Re: hello',
      body: 'Kept while paused',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(inboxMessages.mailboxPaused);
    await t.handle.db
      .update(emailAccounts)
      .set({ status: 'connected', statusSource: null })
      .where(eq(emailAccounts.id, f.mailboxId));
    const thread = (await call(member, 'GET', withId(apiPaths.inboxThread, id))).json<InboxThread>();
    expect(thread.draft?.body).toBe('Kept while paused');
    const empty = await call(member, 'POST', withId(apiPaths.inboxThreadAnswer, id), {
      subject: 'x',
      body: '  ',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 409 to another send or save while the member’s answer is being sent, and sends nothing', async () => {
    const id = await threadOf(people.anna.email);
    const mine = and(eq(inboxAnswers.threadId, id), eq(inboxAnswers.authorId, member.id));
    // A first click's send is under way: its answer is claimed.
    await t.handle.db.update(inboxAnswers).set({ status: 'sending' }).where(mine);
    const before = f.smtp.messages.length;
    const again = await call(member, 'POST', withId(apiPaths.inboxThreadAnswer, id), {
      subject: 'Re: hello',
      body: 'A second click',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(inboxMessages.alreadySending);
    const save = await call(member, 'PUT', withId(apiPaths.inboxThreadDraft, id), {
      subject: 'Re: hello',
      body: 'Typed meanwhile',
    });
    expect(save.statusCode).toBe(409);
    expect(f.smtp.messages.length).toBe(before);
    // Still one answer of the member's on the thread, so the first send can put it back as the draft.
    const rows = await t.handle.db.select({ status: inboxAnswers.status }).from(inboxAnswers).where(mine);
    expect(rows).toEqual([{ status: 'sending' }]);
    await t.handle.db.update(inboxAnswers).set({ status: 'draft' }).where(mine);
  });

  it('sends the answer in the thread through the mailbox and files it in the Sent folder', async () => {
    const id = await threadOf(people.anna.email);
    const before = f.smtp.messages.length;
    // Custom fields fill an answer as they fill a step: the value, else the fallback.
    await t.handle.db
      .update(prospects)
      .set({ customFields: { site_topic: 'static sites' } })
      .where(eq(prospects.contactEmail, people.anna.email));
    const response = await call(member, 'POST', withId(apiPaths.inboxThreadAnswer, id), {
      subject: `Re: ${sent[people.anna.email]!.subject}`,
      body: 'Hi [First Name],\n\nA post on **{{custom.site_topic}}**, {{custom.fee|no fee}}. Draft by Friday?\n\n[Your Name]',
    });
    expect(response.statusCode).toBe(201);
    const thread = response.json<InboxThread>();
    expect(thread.messages.map((m) => m.type)).toEqual(['step', 'inbound', 'answer']);
    expect(thread.draft).toBeNull();
    expect(thread.thread.needsAnswer).toBe(false);
    const answer = thread.messages[2]!;
    expect(answer.type === 'answer' && answer.body).toBe(
      'Hi Anna,\n\nA post on **static sites**, no fee. Draft by Friday?\n\nAda Lovelace',
    );
    expect(answer.type === 'answer' && answer.sentCopyError).toBeNull();

    const delivered = f.smtp.messages.slice(before);
    expect(delivered).toHaveLength(1);
    const mail = delivered[0]!;
    expect(mail.to).toEqual([people.anna.email]);
    const theirs = thread.messages[1]!;
    const theirId = theirs.type === 'inbound' ? theirs : null;
    expect(theirId).not.toBeNull();
    expect(mail.parsed.subject).toBe(`Re: ${sent[people.anna.email]!.subject}`);
    expect(mail.parsed.inReplyTo).toMatch(/@reply\.example>$/);
    expect(mail.parsed.references).toEqual([sent[people.anna.email]!.messageId, mail.parsed.inReplyTo]);
    expect(mail.parsed.html).toContain('<strong>static sites</strong>');

    // The copy in Sent, read back over IMAP as the user's mail client would.
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: f.imap.port,
      secure: false,
      auth: { user: f.sender.user, pass: f.sender.pass },
      logger: false,
    });
    await client.connect();
    const folders = await client.list();
    const sentFolder = folders.find((x) => x.specialUse === '\\Sent')?.path ?? 'Sent';
    const lock = await client.getMailboxLock(sentFolder);
    const copies = [];
    for await (const m of client.fetch('1:*', { source: true, flags: true })) copies.push(m);
    lock.release();
    await client.logout();
    expect(copies).toHaveLength(1);
    const copy = await simpleParser(copies[0]!.source!);
    expect(copy.messageId).toBe(mail.parsed.messageId);
    expect(copies[0]!.flags?.has('\\Seen')).toBe(true);

    const prospect = await prospectOf(people.anna.email);
    expect(prospect.lastContacted).not.toBeNull();
    const timeline = (
      await call(full, 'GET', withId(apiPaths.prospectTimeline, prospect.id))
    ).json<ProspectTimeline>();
    expect(timeline.entries.filter((e) => e.type === 'answer')).toEqual([
      expect.objectContaining({
        author: 'Ada Lovelace',
        toEmail: people.anna.email,
        subject: mail.parsed.subject,
      }),
    ]);
    const [enrollment] = await t.handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, prospect.id));
    expect(enrollment!.status).toBe('stopped');
  });

  it('labels a conversation: the label’s outcome moves the prospect, and the undo puts it back', async () => {
    const id = await threadOf(people.anna.email);
    const labels = (await call(full, 'GET', apiPaths.inboxLabels)).json<InboxLabel[]>();
    expect(labels.map((l) => l.name)).toEqual([
      'Interested',
      'Asks for payment',
      'Not interested',
      'Question',
      'Link placed',
    ]);
    const placed = labels.find((l) => l.name === 'Link placed')!;
    const response = await call(member, 'PUT', withId(apiPaths.inboxThreadLabel, id), { labelId: placed.id });
    expect(response.statusCode).toBe(200);
    const result = response.json<LabelThreadResult>();
    expect(result).toEqual({
      previousLabelId: null,
      previousStatus: 'responded',
      status: 'success',
      proposeLiveLink: true,
    });
    expect((await prospectOf(people.anna.email)).status).toBe('success');
    expect((await list({ labelId: placed.id })).items).toHaveLength(1);

    const undo = await call(member, 'PUT', withId(apiPaths.inboxThreadLabel, id), {
      labelId: result.previousLabelId,
      restoreStatus: result.previousStatus,
    });
    expect(undo.json<LabelThreadResult>()).toMatchObject({ status: 'responded', proposeLiveLink: false });
    expect((await prospectOf(people.anna.email)).status).toBe('responded');
    const question = labels.find((l) => l.name === 'Question')!;
    await call(member, 'PUT', withId(apiPaths.inboxThreadLabel, id), { labelId: question.id });
    expect((await prospectOf(people.anna.email)).status).toBe('responded');
  });

  it('edits the label list: names are unique in any case', async () => {
    const created = await call(member, 'POST', apiPaths.inboxLabels, {
      name: 'Sponsored only',
      outcome: null,
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await call(member, 'POST', apiPaths.inboxLabels, {
      name: 'sponsored ONLY',
      outcome: null,
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.issues).toEqual([{ path: 'name', message: inboxMessages.labelNameTaken }]);
    const label = created.json<InboxLabel>();
    const renamed = await call(member, 'PATCH', withId(apiPaths.inboxLabel, label.id), {
      name: 'Paid',
      outcome: 'failed',
    });
    expect(renamed.json<InboxLabel>()).toMatchObject({ name: 'Paid', outcome: 'failed', position: 5 });
    expect((await call(member, 'DELETE', withId(apiPaths.inboxLabel, label.id))).statusCode).toBe(200);
    expect((await call(member, 'DELETE', withId(apiPaths.inboxLabel, label.id))).statusCode).toBe(404);
  });

  it('assigns to members only and filters by assignee', async () => {
    const id = await threadOf(people.anna.email);
    expect(
      (await call(full, 'PUT', withId(apiPaths.inboxThreadAssignee, id), { assigneeId: member.id }))
        .statusCode,
    ).toBe(200);
    const assigned = (await list({ assignee: member.id })).items;
    expect(assigned.map((i) => i.assignee?.id)).toEqual([member.id]);
    expect((await list({ assignee: 'none' })).items).toHaveLength(0);
    const me = await call(member, 'GET', withQuery(apiPaths.inboxThreads, { assignee: 'me' }));
    expect(me.json<InboxPage>().items).toHaveLength(1);
    const stranger = await call(full, 'PUT', withId(apiPaths.inboxThreadAssignee, id), {
      assigneeId: crypto.randomUUID(),
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('fires a reminder once when due, and their reply clears a pending one', async () => {
    const id = await threadOf(people.anna.email);
    const set = await call(full, 'PUT', withId(apiPaths.inboxThreadReminder, id), { days: 3 });
    const remindAt = set.json<{ remindAt: string }>().remindAt;
    expect(new Date(remindAt).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(await notifyDueReminders(t.handle.db, new Date())).toBe(0);
    const due = new Date(new Date(remindAt).getTime() + 1000);
    expect(await notifyDueReminders(t.handle.db, due)).toBe(1);
    expect(await notifyDueReminders(t.handle.db, due)).toBe(0);
    const [notification] = await t.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.inboxThreadId, id));
    expect(notification).toMatchObject({
      kind: 'inbox-reminder',
      title: 'No answer yet from blog-a.example',
    });

    await call(full, 'PUT', withId(apiPaths.inboxThreadReminder, id), { days: 1 });
    await f.imap.deliver(
      f.sender,
      mime(
        'Anna Lee <anna@blog-a.example>',
        replyHeaders(people.anna.email),
        'Friday works.',
        'Tue, 24 Nov 2026 09:00:00 +0000',
      ),
    );
    await sync();
    const [row] = await t.handle.db.select().from(inboxThreads).where(eq(inboxThreads.id, id));
    expect(row!.remindAt).toBeNull();
    expect(row!.needsAnswer).toBe(true);
  });

  it('keeps notes per prospect for the workspace; only the author or a Full Access member deletes one', async () => {
    const prospect = await prospectOf(people.anna.email);
    const added = await call(member, 'POST', withId(apiPaths.prospectNotes, prospect.id), {
      body: 'Editor prefers Fridays',
    });
    expect(added.statusCode).toBe(201);
    const byFull = await call(full, 'POST', withId(apiPaths.prospectNotes, prospect.id), {
      body: 'Budget 100',
    });
    const notes = (await call(full, 'GET', withId(apiPaths.prospectNotes, prospect.id))).json<
      { body: string }[]
    >();
    expect(notes.map((n) => n.body)).toEqual(['Budget 100', 'Editor prefers Fridays']);
    expect((await call(member, 'DELETE', withId(apiPaths.prospectNote, byFull.json().id))).statusCode).toBe(
      403,
    );
    expect((await call(full, 'DELETE', withId(apiPaths.prospectNote, added.json().id))).statusCode).toBe(200);
    const empty = await call(member, 'POST', withId(apiPaths.prospectNotes, prospect.id), { body: '   ' });
    expect(empty.statusCode).toBe(400);
  });

  it('shows another workspace nothing: 404 on every conversation route and an empty list', async () => {
    const id = await threadOf(people.anna.email);
    const prospect = await prospectOf(people.anna.email);
    const [label] = (await call(full, 'GET', apiPaths.inboxLabels)).json<InboxLabel[]>();
    const cases: [Method, string, object?][] = [
      ['GET', withId(apiPaths.inboxThread, id)],
      ['PUT', withId(apiPaths.inboxThreadRead, id), { read: true }],
      ['PUT', withId(apiPaths.inboxThreadLabel, id), { labelId: null }],
      ['PUT', withId(apiPaths.inboxThreadAssignee, id), { assigneeId: null }],
      ['PUT', withId(apiPaths.inboxThreadReminder, id), { days: null }],
      ['PUT', withId(apiPaths.inboxThreadDraft, id), { subject: '', body: 'x' }],
      ['POST', withId(apiPaths.inboxThreadAnswer, id), { subject: '', body: 'x' }],
      ['PATCH', withId(apiPaths.inboxLabel, label!.id), { name: 'Mine now', outcome: null }],
      ['DELETE', withId(apiPaths.inboxLabel, label!.id)],
      ['GET', withId(apiPaths.prospectNotes, prospect.id)],
      ['POST', withId(apiPaths.prospectNotes, prospect.id), { body: 'x' }],
    ];
    for (const [method, url, payload] of cases)
      expect([method, url, (await call(outsider, method, url, payload)).statusCode]).toEqual([
        method,
        url,
        404,
      ]);
    const theirs = await call(outsider, 'GET', apiPaths.inboxThreads);
    expect(theirs.json<InboxPage>().items).toEqual([]);
    expect((await call(outsider, 'GET', apiPaths.inboxUnread)).json()).toEqual({ unread: 0 });
    const [still] = await t.handle.db
      .select()
      .from(inboxThreads)
      .where(and(eq(inboxThreads.id, id), eq(inboxThreads.workspaceId, f.workspaceId)));
    expect(still!.labelId).not.toBeNull();
  });

  it('keeps a conversation whose mailbox was disconnected, and refuses to answer it with a reason', async () => {
    const id = await threadOf(people.anna.email);
    expect((await call(full, 'DELETE', withId(apiPaths.emailAccount, f.mailboxId))).statusCode).toBe(200);
    const thread = (await call(full, 'GET', withId(apiPaths.inboxThread, id))).json<InboxThread>();
    expect(thread.mailbox).toBeNull();
    expect(thread.messages.filter((m) => m.type === 'inbound')).toHaveLength(2);
    const refused = await call(full, 'POST', withId(apiPaths.inboxThreadAnswer, id), {
      subject: 'Re',
      body: 'Still here?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(inboxMessages.mailboxGone);
    const kept = (await call(full, 'GET', withId(apiPaths.inboxThread, id))).json<InboxThread>();
    expect(kept.draft?.body).toBe('Still here?');
  });

  it('writes each inbox action to the activity log with the member who took it', async () => {
    const response = await call(full, 'GET', apiPaths.activity);
    expect(response.statusCode).toBe(200);
    const entries = response.json<ActivityPage>().items;
    const names = new Map([
      [full.id, (await call(full, 'GET', apiPaths.me)).json<Me>().fullName],
      [member.id, (await call(member, 'GET', apiPaths.me)).json<Me>().fullName],
    ]);
    const read = (kind: string, actorId: string) =>
      entries
        .filter((e) => e.kind === kind && e.actorId === actorId)
        .map((e) => `${e.actor} ${activitySentence(e)}`);
    const anna = people.anna.website;
    expect(read('inbox.answered', member.id)).toContain(
      `${names.get(member.id)} answered ${people.anna.email} of ${anna} from the inbox`,
    );
    expect(read('inbox.labelled', member.id)).toContain(
      `${names.get(member.id)} labelled the conversation with ${anna} “Link placed”`,
    );
    expect(read('inbox.assigned', full.id)).toContain(
      `${names.get(full.id)} assigned the conversation with ${anna} to ${names.get(member.id)}`,
    );
    expect(read('inbox.reminder_set', full.id)).toContain(
      `${names.get(full.id)} asked to be reminded in 3 days if ${anna} does not answer`,
    );
    // Another workspace's log shows none of it.
    const theirs = (await call(outsider, 'GET', apiPaths.activity)).json<ActivityPage>().items;
    expect(theirs.filter((e) => e.kind.startsWith('inbox.'))).toEqual([]);
  });
});
