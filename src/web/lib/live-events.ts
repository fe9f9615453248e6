import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '#shared/paths';
import { activeWorkspaceId } from './active-workspace';
import { liveEventSchema, type LiveEvent, type LiveEventType } from '#shared/schemas/live-events';
import {
  activityKey,
  inboxKey,
  campaignsKey,
  contactsKey,
  emailAccountsKey,
  firstLinesKey,
  gapKey,
  liveLinksKey,
  notificationsKey,
  webhooksKey,
  placementsKey,
  reportsKey,
  clientsKey,
} from './query-keys';

/** A query-key prefix, narrowed to the event's campaign when it names one. */
type KeyFor = (campaignId: string | undefined) => QueryKey;

const ofCampaign =
  (part: string): KeyFor =>
  (id) =>
    id ? [...campaignsKey, part, id] : [...campaignsKey, part];
const fixed =
  (key: QueryKey): KeyFor =>
  () =>
    key;

const campaignList = fixed([...campaignsKey, 'list']);
/** The stat cards: the campaign with its prospect counts. */
const campaignDetail = ofCampaign('detail');
const prospectsTable = ofCampaign('prospects');
const outreachProgress = ofCampaign('outreach');
const findProspectsRun = ofCampaign('find-prospects');
const timeline = fixed([...campaignsKey, 'timeline']);
const contacts = fixed(contactsKey);
const competitorGap: KeyFor = (id) => (id ? [...gapKey, id] : gapKey);
const firstLines: KeyFor = (id) => (id ? firstLinesKey(id) : ['first-lines']);
const mailboxes = fixed(emailAccountsKey);

/**
 * Which panels each event makes stale (docs/decisions/019-live-updates.md): the one table of the
 * app. A prospect's status shows in the stat cards, the prospects table and its timeline, the
 * outreach progress, the campaign list, the contacts and the first-lines and gap panels.
 */
export const panelsByEvent: Record<LiveEventType, KeyFor[]> = {
  'prospects.changed': [
    campaignList,
    campaignDetail,
    prospectsTable,
    timeline,
    outreachProgress,
    contacts,
    firstLines,
    competitorGap,
  ],
  'outreach.changed': [campaignList, campaignDetail, prospectsTable, timeline, outreachProgress, mailboxes],
  'inbound.applied': [
    fixed(inboxKey),
    campaignList,
    campaignDetail,
    prospectsTable,
    timeline,
    outreachProgress,
    contacts,
    mailboxes,
  ],
  'discovery.progress': [findProspectsRun, campaignDetail, prospectsTable, campaignList],
  'discovery.finished': [
    findProspectsRun,
    campaignDetail,
    prospectsTable,
    campaignList,
    contacts,
    competitorGap,
    firstLines,
    fixed(liveLinksKey),
  ],
  'live-links.changed': [fixed(liveLinksKey)],
  'notifications.changed': [fixed(notificationsKey)],
  'mailboxes.changed': [mailboxes],
  'activity.changed': [fixed(activityKey)],
  'inbox.changed': [fixed(inboxKey), prospectsTable, timeline, contacts],
  'webhooks.changed': [fixed(webhooksKey)],
  'placements.changed': [fixed(placementsKey), fixed(clientsKey), fixed(reportsKey)],
  'reports.changed': [fixed(reportsKey)],
  // Claims are keyed under the placements (['placements', 'claims', …]).
  'claims.changed': [fixed(placementsKey)],
};

/** The query-key prefixes an event makes stale. */
export function staleKeys(event: LiveEvent): QueryKey[] {
  return panelsByEvent[event.type].map((keyFor) => keyFor(event.campaignId));
}

/**
 * Marks the event's panels stale: the ones on screen refetch, the others when next shown. Events
 * arriving within `batchMs` are gathered into one round, so a burst (a batch of queued steps, a run
 * finding prospects) does not cancel and restart the same request again and again.
 * @returns `receive` (one event), `flush` (run the gathered round now) and `dispose` (drop it).
 */
export function liveEventInvalidator(queryClient: QueryClient, batchMs = 100) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    receive(event: LiveEvent) {
      for (const key of staleKeys(event)) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, batchMs);
    },
    flush() {
      clearTimeout(timer);
      flush();
    },
    dispose() {
      clearTimeout(timer);
      pending.clear();
    },
  };
}

/**
 * Follows GET /api/events for the signed-in app (mount once, in the dashboard layout): each event
 * marks its panels stale. The browser's EventSource reconnects a dropped stream by itself; events
 * may have been missed meanwhile, so after a reconnect every active query refetches. Not `enabled`:
 * no stream.
 */
export function useLiveEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Test DOMs and very old browsers have no EventSource: the screens then refresh on navigation only.
    // A Client-role member has no event stream (docs/decisions/040-client-role.md).
    if (!enabled || typeof EventSource === 'undefined') return;
    const workspace = activeWorkspaceId();
    // EventSource sends no custom headers: the workspace goes in the query (the server reads either).
    const source = new EventSource(
      workspace ? `${apiPaths.events}?workspace=${encodeURIComponent(workspace)}` : apiPaths.events,
    );
    const invalidator = liveEventInvalidator(queryClient);
    let dropped = false;
    source.onmessage = (message: MessageEvent<string>) => {
      const event = liveEventSchema.safeParse(parseJson(message.data));
      if (event.success) invalidator.receive(event.data);
    };
    source.onerror = () => {
      dropped = true;
    };
    source.onopen = () => {
      if (dropped) void queryClient.invalidateQueries();
      dropped = false;
    };
    return () => {
      source.close();
      invalidator.dispose();
    };
  }, [queryClient, enabled]);
}

/** The message's JSON, or undefined when it is not JSON (then no event is recognised). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
