import Papa from 'papaparse';
import {
  decodeExport,
  detectDelimiter,
  type ExportDelimiter,
  type ExportEncoding,
} from '../../../shared/seo-exports/decode';

/** Characters papaparse reads at a time; the event loop answers other requests between chunks. */
const CHUNK_CHARS = 256 * 1024;

/** An export's text and how it is written. */
export interface ExportText {
  text: string;
  encoding: ExportEncoding;
  delimiter: ExportDelimiter;
}

/** Decodes an uploaded export (encoding by BOM or NUL bytes, delimiter from the header line). */
export function exportText(bytes: Uint8Array): ExportText {
  const { text, encoding } = decodeExport(bytes);
  return { text: text.replace(/^sep=[,;\t|]\r?\n/, ''), encoding, delimiter: detectDelimiter(text) };
}

/**
 * Parses an export a chunk at a time (papaparse, RFC 4180 quoting, quoted line breaks kept inside
 * their cell, blank lines skipped), handing each chunk's rows (and the header) to `onRows` and waiting for it before
 * the next, with a turn of the event loop in between, so a 100,000-row file never holds the server.
 * The first row is the header.
 * @returns the header; rejects with `onRows`' error, which stops the parse.
 */
export function readExportRows(
  file: ExportText,
  onRows: (rows: string[][], header: readonly string[]) => Promise<void> | void,
): Promise<{ header: string[] }> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null;
    let failed = false;
    Papa.parse<string[]>(file.text, {
      delimiter: file.delimiter,
      skipEmptyLines: 'greedy',
      chunkSize: CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        parser.pause();
        let rows = results.data;
        if (!header) {
          header = rows[0] ?? [];
          rows = rows.slice(1);
        }
        void (async () => {
          await onRows(rows, header!);
          await new Promise((next) => setImmediate(next));
        })().then(
          () => parser.resume(),
          (error: unknown) => {
            failed = true;
            parser.abort();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
      complete: () => {
        if (!failed) resolve({ header: header ?? [] });
      },
    });
  });
}
