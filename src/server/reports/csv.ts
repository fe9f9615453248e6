import Papa from 'papaparse';
import { safeCsvCell } from '#shared/csv-cell';
import { minorToDecimal } from '#shared/money';
import { reportStatusLabels } from '#shared/report-figures';
import type { Report } from '#shared/schemas/reports';

/** The report's file name: report_<scope>_<from>_<to>.csv/.pdf, the scope's name reduced to safe letters. */
export function reportFileName(report: Report, extension: 'csv' | 'pdf'): string {
  const name =
    report.scope.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  return `report_${name}_${report.from}_${report.to}.${extension}`;
}

/**
 * The report's links as RFC 4180 CSV (header first, CRLF), one row per link; price and currency
 * columns only when money is shown. Every cell goes through safeCsvCell (no formula runs).
 */
export function reportCsv(report: Report): string {
  const fields = [
    'page_url',
    'target_url',
    'anchor_text',
    'rel',
    'authority',
    'authority_when',
    'dr_at_placement',
    'dr_measured_on',
    'date_live',
    'status_now',
    ...(report.hideMoney ? [] : ['price', 'currency']),
  ];
  const data = report.links.map((l) =>
    [
      l.pageUrl,
      l.targetUrl,
      l.anchorText,
      l.rel,
      l.authority,
      l.authoritySource === 'da_now' ? 'now' : l.authoritySource === 'at_placement' ? 'placement' : '',
      l.drAtPlacement?.value,
      l.drAtPlacement?.measuredOn,
      l.liveAt,
      reportStatusLabels[l.status],
      ...(report.hideMoney
        ? []
        : [l.priceMinor !== null && l.currency ? minorToDecimal(l.priceMinor, l.currency) : '', l.currency]),
    ].map((cell) => safeCsvCell(cell)),
  );
  return `${Papa.unparse({ fields, data }, { newline: '\r\n' })}\r\n`;
}
