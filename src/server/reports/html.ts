import {
  authorityNote,
  authorityText,
  drAtPlacementText,
  linkPriceText,
  reportFigures,
  reportStatusLabels,
} from '#shared/report-figures';
import type { Report } from '#shared/schemas/reports';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Only `#rrggbb` reaches a style attribute; anything else falls back to the default accent. */
const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#4f46e5');
/** Only the app's own upload URLs become an image source. */
const safeImage = (url: string | null) => (url && /^\/uploads\/[\w.-]+$/.test(url) ? url : null);

const style = (accent: string) => `
:root{color-scheme:light dark;--accent:${accent};--fg:#0f172a;--muted:#475569;--bg:#fff;--card:#f8fafc;--line:#e2e8f0}
@media (prefers-color-scheme:dark){:root{--fg:#e2e8f0;--muted:#94a3b8;--bg:#0b1120;--card:#111827;--line:#1f2937}}
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;color:var(--fg);background:var(--bg);line-height:1.5}
main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 3rem}header{display:flex;gap:1rem;align-items:center;border-bottom:3px solid var(--accent);padding-bottom:1rem;flex-wrap:wrap}
header img{max-height:48px;max-width:160px}h1{margin:.2rem 0;font-size:1.6rem}h2{color:var(--accent);font-size:1.15rem;margin:2rem 0 .6rem}
.muted{color:var(--muted)}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.6rem}
.stat{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.6rem .8rem}.stat b{display:block;font-size:1.3rem}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td.url{word-break:break-all;min-width:12rem}.bar{display:flex;align-items:center;gap:.5rem;margin:.2rem 0}.bar span.m{width:4.5rem;flex:none}
.bar .track{display:flex;flex:1;height:.9rem}.s-active{background:#16a34a}.s-suspicious{background:#d97706}.s-lost{background:#dc2626}.s-unmonitored{background:#94a3b8}
.legend span{display:inline-flex;align-items:center;gap:.3rem;margin-right:1rem}.legend i{width:.8rem;height:.8rem;display:inline-block}
.actions a{display:inline-block;margin:.8rem .8rem 0 0;padding:.45rem .9rem;border-radius:.4rem;background:var(--accent);color:#fff;text-decoration:none}
.actions a:focus-visible{outline:3px solid var(--fg);outline-offset:2px}footer{margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem;font-size:.85rem}`;

function page(title: string, accent: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style>${style(safeColor(accent))}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The shared report as one standalone HTML page (no script: recipients are not users of the app and
 * the CSP allows no inline script), with the workspace's white label (docs/product.md#white-label):
 * its logo, agency name, accent colour and footer, and no LinkPilot name when it hides it.
 * `downloads` are the PDF and CSV links of the same report.
 */
export function reportHtml(report: Report, downloads: { pdf: string; csv: string }): string {
  const figures = reportFigures(report);
  const { branding } = report;
  const logo = safeImage(branding.logoUrl) ?? safeImage(report.scope.clientLogoUrl);
  const stat = (label: string, value: string) =>
    `<div class="stat"><span class="muted">${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;
  const max = Math.max(
    1,
    ...report.linksPerMonth.map((m) => m.active + m.suspicious + m.lost + m.unmonitored),
  );
  const statuses = ['active', 'suspicious', 'lost', 'unmonitored'] as const;
  const chart = report.linksPerMonth
    .map((month) => {
      const total = statuses.reduce((sum, s) => sum + month[s], 0);
      const parts = statuses
        .filter((s) => month[s] > 0)
        .map((s) => `<i class="s-${s}" style="width:${((month[s] / max) * 100).toFixed(2)}%"></i>`)
        .join('');
      return `<div class="bar"><span class="m">${escapeHtml(month.month)}</span><span class="track">${parts}</span><span>${total}</span></div>`;
    })
    .join('');
  const legend = statuses.map((s) => `<span><i class="s-${s}"></i>${reportStatusLabels[s]}</span>`).join('');
  const showMoney = !report.hideMoney;
  const rows = report.links
    .map(
      (l) => `<tr><td class="url">${escapeHtml(l.pageUrl)}</td><td class="url">${escapeHtml(l.targetUrl)}</td>
<td>${escapeHtml(l.anchorText)}</td><td>${escapeHtml(l.rel)}</td><td>${escapeHtml(authorityText(l))}</td><td>${escapeHtml(drAtPlacementText(l))}</td>
<td>${escapeHtml(l.liveAt ?? 'not yet')}</td><td>${escapeHtml(reportStatusLabels[l.status])}</td>${showMoney ? `<td>${escapeHtml(linkPriceText(l))}</td>` : ''}</tr>`,
    )
    .join('');
  const lost = report.lost
    .map(
      (l) =>
        `<li>Lost: ${escapeHtml(l.pageUrl)} (to ${escapeHtml(l.targetUrl)}) — ${
          l.replacedBy ? `Replaced by: ${escapeHtml(l.replacedBy.pageUrl)}` : 'Not replaced yet'
        }</li>`,
    )
    .join('');
  const money = figures.money
    ? `<h2>Spend</h2>${
        figures.money.length
          ? `<div class="table"><table><thead><tr><th>Currency</th><th>Links</th><th>Spend</th><th>Cost per link</th></tr></thead><tbody>${figures.money
              .map(
                (m) =>
                  `<tr><td>${escapeHtml(m.currency)}</td><td>${m.links}</td><td>${escapeHtml(m.spend)}</td><td>${escapeHtml(m.costPerLink)}</td></tr>`,
              )
              .join('')}</tbody></table></div>`
          : '<p>No priced links in this period.</p>'
      }${figures.unpriced ? `<p class="muted">Links without a price: ${figures.unpriced}</p>` : ''}`
    : '';
  const body = `<header>${logo ? `<img src="${escapeHtml(logo)}" alt="">` : ''}<div>${
    branding.agencyName ? `<div class="muted">${escapeHtml(branding.agencyName)}</div>` : ''
  }<h1>${escapeHtml(figures.title)}</h1><div class="muted">${escapeHtml(figures.period)}</div></div></header>
<div class="actions"><a href="${escapeHtml(downloads.pdf)}">Download PDF</a><a href="${escapeHtml(downloads.csv)}">Download CSV</a></div>
<h2>Summary</h2><div class="grid">${stat('Links built', figures.linksBuilt)}${figures.statuses
    .map(([label, count]) => stat(label, String(count)))
    .join('')}</div>
<h2>Outreach</h2><div class="grid">${figures.funnel.map(([label, value]) => stat(label, value)).join('')}</div>
${money}
<h2>Links per month</h2>${chart || '<p>No links in this period.</p>'}<p class="legend muted">${legend}</p>
<h2>Links built</h2>${
    report.links.length
      ? `<div class="table"><table><thead><tr><th>Live URL</th><th>Target</th><th>Anchor</th><th>Rel</th><th>Authority</th><th>DR at placement</th><th>Date live</th><th>Status now</th>${showMoney ? '<th>Price</th>' : ''}</tr></thead><tbody>${rows}</tbody></table></div><p class="muted">${escapeHtml(authorityNote)}</p>`
      : '<p>No links in this period.</p>'
  }
<h2>Lost and replaced links</h2>${lost ? `<ul>${lost}</ul>` : '<p>No link was lost in this period.</p>'}
<footer class="muted">${branding.footer ? `<p>${escapeHtml(branding.footer)}</p>` : ''}${
    branding.hideLinkPilot ? '' : '<p>Made with LinkPilot</p>'
  }</footer>`;
  return page(figures.title, branding.accentColor, body);
}

/** The page a share link shows when it opens nothing: revoked, expired or not valid, in words. */
export function shareErrorPage(title: string, message: string): string {
  return page(title, '#4f46e5', `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
