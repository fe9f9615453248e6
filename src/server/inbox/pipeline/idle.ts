import { eq, inArray } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import type { OutreachKeys } from '../../keys';
import { describeMailFailure, imapOptions } from '../../mail/mailboxes/connection';
import { markMailboxError } from '../../mail/mailboxes/mark-status';
import { resolveMailboxServers } from '../../mail/mailboxes/servers';

/** Mailboxes whose INBOX is watched: a paused one sends nothing, but its replies are still read. */
const WATCHED: ('connected' | 'error' | 'paused')[] = ['connected', 'paused'];
/** How often the set of connected mailboxes is read again (ms): a new one starts, a removed one stops. */
export const IDLE_REFRESH_MS = 30_000;
/** A connection open this long counts as healthy (ms). */
const STABLE_MS = 60_000;
/** RFC 2177 §3: a client should re-issue IDLE at least every 29 minutes; imapflow restarts it after this (ms). */
const MAX_IDLE_MS = 20 * 60_000;

/** Wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 5 minutes (ms). */
export function reconnectDelay(attempt: number, initialMs = 1_000, maxMs = 5 * 60_000): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

export interface MailboxIdleOptions {
  db: Database;
  keys: OutreachKeys;
  config: Config;
  /**
   * New mail in a watched mailbox's INBOX (IMAP EXISTS), or the watch (re)started: sync it.
   * `workspaceId` is the mailbox owner's, the job queue's fairness key.
   */
  onNewMail(mailboxId: string, workspaceId: string): Promise<unknown>;
  /** The mailbox's INBOX is open and idling (for logs and tests). */
  onWatching?(mailboxId: string): void;
  refreshMs?: number;
  /** First reconnect delay (ms); doubled per failed attempt up to 5 minutes. */
  reconnectMs?: number;
}

export interface MailboxIdle {
  /** Reads the connected mailboxes now and starts or stops watchers to match. */
  refresh(): Promise<void>;
  /** Ids of the mailboxes being watched. */
  watching(): string[];
  /** Stops every watcher and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Keeps one IMAP IDLE connection (RFC 2177) per connected mailbox whose server supports IDLE, and
 * calls onNewMail when the server announces new mail, so replies are read within seconds rather
 * than at the next two-minute sync; a sync is also asked for whenever the watch (re)starts, as mail
 * may have come while nobody watched. A dropped connection is reopened with doubling back-off; a mailbox disconnected, deleted or no longer
 * 'connected' or 'paused' is let go. A server that cannot be reached or refuses the login turns the
 * mailbox 'error' (mark-status.ts), and the watch lets go of it until a sync finds it working again. Servers without IDLE are left to the periodic sync. For the worker role
 * only: each watcher holds a connection open.
 */
export function watchMailboxes(options: MailboxIdleOptions): MailboxIdle {
  const watchers = new Map<string, { stop(): Promise<void> }>();
  let stopped = false;

  const refresh = async () => {
    if (stopped) return;
    const rows = await options.db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(inArray(emailAccounts.status, WATCHED));
    const ids = new Set(rows.map((r) => r.id));
    for (const [id, watcher] of watchers) {
      if (!ids.has(id)) {
        watchers.delete(id);
        await watcher.stop();
      }
    }
    for (const id of ids) {
      if (!watchers.has(id) && !stopped) {
        watchers.set(
          id,
          watchMailbox(id, options, () => watchers.delete(id)),
        );
      }
    }
  };
  const timer = setInterval(
    () => void refresh().catch(() => undefined),
    options.refreshMs ?? IDLE_REFRESH_MS,
  );
  timer.unref();
  void refresh().catch(() => undefined);

  return {
    refresh,
    watching: () => [...watchers.keys()],
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...watchers.values()].map((w) => w.stop()));
      watchers.clear();
    },
  };
}

/** One mailbox's IDLE loop; `onExit` runs when it gives up on its own (mailbox gone, no IDLE). */
function watchMailbox(mailboxId: string, options: MailboxIdleOptions, onExit: () => void) {
  const abort = new AbortController();
  let client: ImapFlow | null = null;

  let watchingSince = 0;
  const connectAndWait = async (): Promise<'closed' | 'done'> => {
    const [mailbox] = await options.db.select().from(emailAccounts).where(eq(emailAccounts.id, mailboxId));
    if (!mailbox || !WATCHED.includes(mailbox.status)) return 'done';
    const servers = await resolveMailboxServers(
      options.db,
      mailbox,
      options.keys.credentials,
      options.config,
    );
    if (abort.signal.aborted) return 'done';
    // This connection runs no other command: IDLE may start at once (imapflow waits 15 s by default).
    const imap = new ImapFlow({ ...imapOptions(servers), maxIdleTime: MAX_IDLE_MS, autoIdleDelay: 100 });
    client = imap;
    imap.on('error', () => undefined);
    const closed = new Promise<'closed'>((resolve) => imap.once('close', () => resolve('closed')));
    try {
      await imap.connect();
    } catch (error) {
      // Shown at once, as the sync would within its next run; the sync clears it when the server is back.
      if (!abort.signal.aborted)
        await markMailboxError(
          options.db,
          mailboxId,
          'imap',
          describeMailFailure('IMAP', servers.imapHost, servers.imapPort, error),
        );
      throw error;
    }
    if (!imap.capabilities.has('IDLE')) {
      await imap.logout().catch(() => imap.close());
      return 'done';
    }
    await imap.mailboxOpen('INBOX');
    imap.on('exists', () => void options.onNewMail(mailboxId, mailbox.workspaceId).catch(() => undefined));
    watchingSince = Date.now();
    options.onWatching?.(mailboxId);
    // Mail may have come while nobody watched (before the start, during a drop).
    void options.onNewMail(mailboxId, mailbox.workspaceId).catch(() => undefined);
    return closed;
  };

  const loop = async () => {
    let attempt = 0;
    while (!abort.signal.aborted) {
      try {
        const outcome = await connectAndWait();
        if (outcome === 'done') break;
        // A connection that held for a while starts the back-off afresh; one dropped at once does not.
        if (Date.now() - watchingSince > STABLE_MS) attempt = 0;
      } catch {
        client?.close();
      }
      client = null;
      if (abort.signal.aborted) break;
      await sleep(reconnectDelay(attempt++, options.reconnectMs), abort.signal);
    }
    if (!abort.signal.aborted) onExit();
  };
  const running = loop();

  return {
    async stop() {
      abort.abort();
      const open = client as ImapFlow | null;
      if (open) await open.logout().catch(() => open.close());
      await running;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
