import { formatMoney } from './money';
import { formatPercent } from './rates';
import type { Report, ReportLink } from './schemas/reports';

/**
 * A report's figures as people read them, written once for the dashboard, the shared page, the PDF
 * and the CSV so that all four show the same text (docs/decisions/039-client-reports.md). Money is
 * formatted per currency with Intl in English, never summed across currencies.
 */
export function reportFigures(report: Report) {
  const { funnel } = report;
  // A rate of nobody contacted is not 0 %: it is not known yet (the JSON keeps 0, the product's
  // rule for rates with nothing sent; people read "—").
  const rate = (value: number) => (funnel.contacted === 0 ? '—' : formatPercent(value));
  return {
    title: `Link report: ${report.scope.name}`,
    period: `${report.from} to ${report.to}`,
    linksBuilt: String(report.links.length),
    statuses: [
      ['Active', report.statusCounts.active],
      ['Suspicious', report.statusCounts.suspicious],
      ['Lost', report.statusCounts.lost],
      ['Not monitored', report.statusCounts.unmonitored],
    ] as const,
    funnel: [
      ['Prospects', String(funnel.prospects)],
      ['Contacted', String(funnel.contacted)],
      ['Replied', String(funnel.replied)],
      ['Won', String(funnel.won)],
      ['Reply rate', rate(funnel.replyRate)],
      ['Win rate', rate(funnel.winRate)],
    ] as const,
    money:
      report.money?.lines.map((line) => ({
        currency: line.currency,
        links: String(line.links),
        spend: formatMoney(line.spendMinor, line.currency, 'en'),
        costPerLink: formatMoney(line.costPerLinkMinor, line.currency, 'en'),
      })) ?? null,
    unpriced: report.money?.unpriced ?? 0,
  };
}

/** One currency's spend as the PDF and the tests write it: "EUR: €400.00 for 2 links, €200.00 per link". */
export function spendLine(line: {
  currency: string;
  links: string;
  spend: string;
  costPerLink: string;
}): string {
  return `${line.currency}: ${line.spend} for ${line.links} ${line.links === '1' ? 'link' : 'links'}, ${line.costPerLink} per link`;
}

/** How a report writes a link's status now. */
export const reportStatusLabels: Record<ReportLink['status'], string> = {
  active: 'Active',
  suspicious: 'Suspicious',
  lost: 'Lost',
  unmonitored: 'Not monitored',
};

/** A link's authority as the report writes it, saying where the figure comes from. */
export function authorityText(link: Pick<ReportLink, 'authority' | 'authoritySource'>): string {
  if (link.authority === null) return 'Unknown';
  return link.authoritySource === 'da_now' ? `${link.authority} (now)` : String(link.authority);
}

/** A link's Ahrefs DR when it went live as the report writes it: "45 (2026-11-02)", the day Ahrefs measured it. */
export function drAtPlacementText(link: Pick<ReportLink, 'drAtPlacement'>): string {
  return link.drAtPlacement ? `${link.drAtPlacement.value} (${link.drAtPlacement.measuredOn})` : '—';
}

/** A link's price as the report writes it: formatted in its currency, or empty. */
export function linkPriceText(link: Pick<ReportLink, 'priceMinor' | 'currency'>): string {
  return link.priceMinor !== null && link.currency ? formatMoney(link.priceMinor, link.currency, 'en') : '';
}

/** The note under the links table on the authority column. */
export const authorityNote =
  'Authority is our own 0–100 score of the linking site from the links we crawled (not Moz’s Domain Authority) when the link was recorded; “(now)” marks a value read when this report was made, where the one of the day of placement was not kept. DR at placement is the site’s Ahrefs Domain Rating when the link went live, with the day Ahrefs measured it.';
