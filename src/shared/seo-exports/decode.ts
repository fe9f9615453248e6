/** The text encodings an export file is read in. */
export type ExportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The field separators an export file may use. */
export type ExportDelimiter = ',' | '\t' | ';' | '|';

/** Bytes looked at to guess a BOM-less file's encoding. */
const SNIFF_BYTES = 4096;

/**
 * Guesses a file's encoding from its first bytes: a byte-order mark (UTF-8, UTF-16 LE or BE) says
 * it outright; without one, NUL bytes on odd positions mean UTF-16 LE and on even positions UTF-16 BE
 * (an SEO export's text is mostly ASCII, whose UTF-16 form has a NUL in every other byte); otherwise
 * UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes on Western systems).
 * @returns the encoding and the length of its byte-order mark (0 when there is none).
 */
export function detectEncoding(bytes: Uint8Array): { encoding: ExportEncoding; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddNuls++;
    else evenNuls++;
  }
  const pairs = Math.floor(sample.length / 2);
  if (pairs && oddNuls > pairs * 0.3 && oddNuls > evenNuls * 4) return { encoding: 'utf-16le', bomLength: 0 };
  if (pairs && evenNuls > pairs * 0.3 && evenNuls > oddNuls * 4)
    return { encoding: 'utf-16be', bomLength: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'windows-1252', bomLength: 0 };
  }
}

/**
 * An export file's text, in its own encoding (see `detectEncoding`), without the byte-order mark.
 * Line endings are left as written (papaparse reads LF, CRLF and CR).
 */
export function decodeExport(bytes: Uint8Array): { text: string; encoding: ExportEncoding } {
  const { encoding, bomLength } = detectEncoding(bytes);
  return { text: new TextDecoder(encoding).decode(bytes.subarray(bomLength)), encoding };
}

/**
 * The separator of an export's fields, read from its header line: the one of tab, semicolon, comma
 * and bar that occurs most often outside quotes (ties go in that order, as a tab or semicolon is
 * rarely part of a column name while a comma can be). Excel's `sep=;` first line names it outright.
 */
export function detectDelimiter(text: string): ExportDelimiter {
  const sep = /^sep=([,;\t|])\r?\n/.exec(text);
  if (sep) return sep[1] as ExportDelimiter;
  const counts = new Map<ExportDelimiter, number>([
    ['\t', 0],
    [';', 0],
    [',', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char as ExportDelimiter))
      counts.set(char as ExportDelimiter, counts.get(char as ExportDelimiter)! + 1);
  }
  let best: ExportDelimiter = ',';
  let bestCount = 0;
  for (const [delimiter, count] of counts)
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  return best;
}
