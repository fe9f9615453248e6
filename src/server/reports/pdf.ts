import PDFDocument from 'pdfkit';
import {
  authorityNote,
  authorityText,
  drAtPlacementText,
  linkPriceText,
  reportFigures,
  reportStatusLabels,
  spendLine,
} from '#shared/report-figures';
import type { Report } from '#shared/schemas/reports';

const statusColors = {
  active: '#16a34a',
  suspicious: '#d97706',
  lost: '#dc2626',
  unmonitored: '#94a3b8',
} as const;

/**
 * The report as a PDF of real text (pdfkit's standard Helvetica, A4), so it can be searched, copied
 * and read by pdftotext: the same figures as the JSON (shared/report-figures.ts), a bar chart of the
 * links per month drawn with rectangles, the links and the lost links. Branding: the workspace's
 * logo (`logo`, a PNG from reportLogoPng), agency name, accent colour and footer; "Made with
 * LinkPilot" unless the workspace hides it.
 */
export function reportPdf(report: Report, logo: Buffer | null = null): Promise<Buffer> {
  const figures = reportFigures(report);
  const { branding } = report;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: figures.title,
      Author: branding.agencyName || (branding.hideLinkPilot ? '' : 'LinkPilot'),
      Creator: branding.hideLinkPilot ? branding.agencyName || 'Report' : 'LinkPilot',
      Producer: branding.hideLinkPilot ? branding.agencyName || 'Report' : 'LinkPilot',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const accent = branding.accentColor;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  if (logo) doc.image(logo, { height: 32 }).moveDown(0.5);
  if (branding.agencyName)
    doc.font('Helvetica-Bold').fontSize(11).fillColor(accent).text(branding.agencyName);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0f172a').text(figures.title);
  doc.font('Helvetica').fontSize(11).fillColor('#475569').text(figures.period);
  doc.moveDown();

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).fillColor(accent).text(text);
    doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  };
  const line = (label: string, value: string) => doc.text(`${label}: ${value}`);

  heading('Summary');
  line('Links built', figures.linksBuilt);
  for (const [label, count] of figures.statuses) line(label, String(count));

  heading('Outreach');
  for (const [label, value] of figures.funnel) line(label, value);

  if (figures.money) {
    heading('Spend');
    if (figures.money.length === 0) doc.text('No priced links in this period.');
    for (const m of figures.money) doc.text(spendLine(m));
    if (figures.unpriced) doc.text(`Links without a price: ${figures.unpriced}`);
  }

  if (report.linksPerMonth.length) {
    heading('Links per month');
    const max = Math.max(
      ...report.linksPerMonth.map((m) => m.active + m.suspicious + m.lost + m.unmonitored),
    );
    const barArea = width - 110;
    for (const month of report.linksPerMonth) {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      const total = month.active + month.suspicious + month.lost + month.unmonitored;
      doc.fillColor('#0f172a').text(month.month, left, y, { width: 60 });
      let x = left + 64;
      for (const status of ['active', 'suspicious', 'lost', 'unmonitored'] as const) {
        const w = (month[status] / max) * barArea;
        if (w > 0) doc.rect(x, y, w, 10).fill(statusColors[status]);
        x += w;
      }
      doc.fillColor('#0f172a').text(String(total), x + 4, y, { lineBreak: false });
      doc.x = left;
      doc.y = y + 16;
    }
    doc.fontSize(8).fillColor('#475569');
    doc.text('Green: active, amber: suspicious, red: lost, grey: not monitored.', left);
    doc.fontSize(10).fillColor('#0f172a');
  }

  heading('Links built');
  if (report.links.length === 0) doc.text('No links in this period.');
  for (const link of report.links) {
    if (doc.y > doc.page.height - 110) doc.addPage();
    doc.font('Helvetica-Bold').text(link.pageUrl);
    doc.font('Helvetica').fillColor('#334155');
    doc.text(`Target: ${link.targetUrl}`);
    doc.text(
      [
        `Anchor: ${link.anchorText || '(none)'}`,
        link.rel,
        `Authority ${authorityText(link)}`,
        link.drAtPlacement && `DR at placement ${drAtPlacementText(link)}`,
        `Live: ${link.liveAt ?? 'not yet'}`,
        `Status: ${reportStatusLabels[link.status]}`,
        linkPriceText(link) && `Price: ${linkPriceText(link)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    );
    doc.fillColor('#0f172a').moveDown(0.4);
  }
  if (report.links.length)
    doc.fontSize(8).fillColor('#475569').text(authorityNote).fontSize(10).fillColor('#0f172a');

  heading('Lost and replaced links');
  if (report.lost.length === 0) doc.text('No link was lost in this period.');
  for (const lost of report.lost) {
    doc.text(`Lost: ${lost.pageUrl} (to ${lost.targetUrl})`);
    doc.text(lost.replacedBy ? `Replaced by: ${lost.replacedBy.pageUrl}` : 'Not replaced yet');
    doc.moveDown(0.3);
  }

  doc.moveDown();
  doc.fontSize(8).fillColor('#475569');
  if (branding.footer) doc.text(branding.footer);
  if (!branding.hideLinkPilot) doc.text('Made with LinkPilot');
  doc.end();
  return done;
}
