import type { ExportReport, ExportTool } from './formats';

/**
 * Why an export whose rows name no linking site cannot become prospects, in the user's words, with
 * the export to download instead; null when its rows do name linking sites. Search Console's Links
 * report exports its link texts and its linked pages as their own files, and Semrush's Indexed pages
 * lists the analysed site's own pages: none of them says who links (docs/product.md, "Backlink
 * exports"). A file of no known tool is never refused here: its columns are mapped by the user.
 */
export function refusalOf(tool: ExportTool, report: ExportReport): string | null {
  if (tool === 'gsc' && (report === 'anchors' || report === 'target_pages'))
    return (
      `This is Search Console’s “${report === 'anchors' ? 'Top linking text' : 'Top linked pages'}” export: ` +
      `it lists ${report === 'anchors' ? 'the texts of links' : 'your pages that are linked to'}, not the sites that link. ` +
      'In Search Console open Links, then “Export external links” → “Latest links” (or “More sample links”), ' +
      'or export the “Top linking sites” table, and upload that file instead.'
    );
  if (tool === 'other') return null;
  const instead = 'Export its Backlinks or Referring domains report and upload that file instead.';
  if (report === 'anchors') return `This export lists anchor texts, not the sites that link. ${instead}`;
  if (report === 'target_pages')
    return `This export lists the pages that are linked to, not the sites that link. ${instead}`;
  if (report === 'indexed_pages')
    return `This export lists the analysed site’s own pages and how many links each has, not the sites that link. ${instead}`;
  return null;
}
