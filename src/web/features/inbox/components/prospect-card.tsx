import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayUrl } from '#shared/display-host';
import { paths } from '#shared/paths';
import type { InboxThread } from '#shared/schemas/inbox';
import { liveLinkStatuses, type LiveLinkStatus } from '#shared/schemas/live-links';
import { siteUrlFromInput } from '#shared/url-normalize';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { formatDate } from '#web/lib/format';
import { LinkStatusBadge } from '#web/widgets/live-links/link-status-badge';
import { ProspectStatusBadge } from '#web/widgets/prospects/prospect-status-badge';

type Prospect = InboxThread['prospect'];

const isLiveLinkStatus = (status: string): status is LiveLinkStatus =>
  (liveLinkStatuses as readonly string[]).includes(status);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

/**
 * What the domain memory adds (docs/decisions/011-replies-history-and-domain-memory.md): the domain is
 * marked do-not-contact, or another campaign contacted it last; nothing when this campaign did.
 */
function DomainMemoryLine({ prospect }: { prospect: Prospect }) {
  const memory = prospect.domainMemory;
  if (memory?.doNotContact) {
    return <p className="text-xs font-medium text-red-700 dark:text-red-300">Do not contact this domain</p>;
  }
  if (!memory?.lastContactedAt || memory.campaignId === prospect.campaignId) return null;
  const outcome = memory.outcome && memory.outcome !== 'pending' ? `, ${memory.outcome}` : '';
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      Contacted {formatDate(memory.lastContactedAt)} by {memory.campaignName ?? 'a deleted campaign'}
      {outcome}
    </p>
  );
}

/** The prospect beside the conversation: website, contact, scores, status, campaign, domain memory and live links. */
export function ProspectCard({ prospect }: { prospect: Prospect }) {
  const href = siteUrlFromInput(prospect.website);
  const website = displayUrl(prospect.website);
  return (
    <Card className="p-4">
      <section aria-label="Prospect" className="space-y-3">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-all">
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {website}
                <ExternalLink aria-hidden className="size-3.5 shrink-0" />
              </a>
            ) : (
              website
            )}
          </h3>
          <ProspectStatusBadge status={prospect.status} />
        </div>
        <DomainMemoryLine prospect={prospect} />
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          <Row term="Contact">
            {prospect.contactName || prospect.contactEmail ? (
              <>
                {prospect.contactName && <span className="block">{prospect.contactName}</span>}
                {prospect.contactEmail && (
                  <span className="block break-all text-slate-600 dark:text-slate-400">
                    {prospect.contactEmail}
                  </span>
                )}
              </>
            ) : (
              '—'
            )}
          </Row>
          <Row term="LinkPilot Score">{prospect.daScore ?? '—'}</Row>
          <Row term="Relevance">{prospect.relevanceScore === null ? '—' : `${prospect.relevanceScore}%`}</Row>
          <Row term="Campaign">
            <Link
              to={paths.campaign(prospect.campaignId)}
              className="text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {prospect.campaignName}
            </Link>
          </Row>
        </dl>
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Live links
          </h4>
          {prospect.liveLinks.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">None on this domain yet.</p>
          ) : (
            <ul className="mt-1 space-y-1.5">
              {prospect.liveLinks.map((link) => (
                <li key={link.id} className="flex items-center justify-between gap-2 text-sm">
                  {/^https?:\/\//i.test(link.pageUrl) ? (
                    <a
                      href={link.pageUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={displayUrl(link.pageUrl)}
                      className="min-w-0 truncate text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {displayUrl(link.pageUrl)}
                    </a>
                  ) : (
                    <span className="min-w-0 truncate">{displayUrl(link.pageUrl)}</span>
                  )}
                  {isLiveLinkStatus(link.status) ? (
                    <LinkStatusBadge status={link.status} />
                  ) : (
                    <Badge>{link.status}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
