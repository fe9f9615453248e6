/**
 * Spintax: `{Hi|Hello|Hey}` in a step's subject and body picks one option per prospect
 * (docs/decisions/043-sequence-variants-and-spintax.md, docs/product.md#spintax).
 *
 * The rules:
 * - `{a|b|c}` is a choice of one option; options may hold further choices (nesting) and may be
 *   empty (`{Hi |}` = "Hi " or nothing). `{a}` is a choice of one.
 * - `{{…}}` is a placeholder, never spintax: it is copied as written (its `|` is a fallback).
 *   Likewise a bracketed placeholder on one line such as `[First Name|there]` is copied whole, so its
 *   `|` never splits a choice.
 * - A backslash makes the next `{`, `}`, `|` or `\` literal (`\{` → `{`); any other backslash stays.
 *   A `|` outside a choice is plain text.
 * - Errors name the 1-based character where they are: an unclosed `{` or `{{`, a `}` with no `{`,
 *   an empty `{}`.
 *
 * The choice is deterministic: option = hash(seed, position of the `{`) mod options, so one seed
 * (the prospect and step, {@link spinSeed}) always gives the same text and a preview shows exactly
 * what is sent.
 */

/** Messages of spintax errors (docs/product.md#spintax). `at` is the 1-based character. */
export const spintaxMessages = {
  unclosed: (at: number) => `Unclosed '{' at character ${at}`,
  unclosedPlaceholder: (at: number) => `Unclosed '{{' at character ${at}`,
  unmatchedClose: (at: number) => `Unmatched '}' at character ${at}`,
  empty: (at: number) => `Empty '{}' at character ${at}`,
} as const;

/** A piece of parsed spintax: literal text, or a choice between sequences of pieces. */
export type SpinNode = string | { at: number; options: SpinNode[][] };

/** The outcome of parsing: the pieces, or the first error with its 1-based character. */
export type SpinParse = { ok: true; nodes: SpinNode[] } | { ok: false; error: string; at: number };

const ESCAPABLE = new Set(['{', '}', '|', '\\']);
/** A bracketed placeholder (with or without a fallback) on one line: copied whole. */
const BRACKETED = /\[[^[\]{}\n]*\]/y;

/** Parses spintax; see the module's rules. Never throws. */
export function parseSpintax(text: string): SpinParse {
  let i = 0;
  const fail = (error: string, at: number): SpinParse => ({ ok: false, error, at });

  // Parses a sequence up to an unescaped '|' or '}' (inside a choice) or the end.
  function sequence(depth: number): SpinNode[] | SpinParse {
    const nodes: SpinNode[] = [];
    let literal = '';
    const flush = () => {
      if (literal) nodes.push(literal);
      literal = '';
    };
    while (i < text.length) {
      const c = text[i]!;
      if (c === '\\' && i + 1 < text.length && ESCAPABLE.has(text[i + 1]!)) {
        literal += text[i + 1];
        i += 2;
      } else if (c === '{' && text[i + 1] === '{') {
        const end = text.indexOf('}}', i + 2);
        if (end < 0) return fail(spintaxMessages.unclosedPlaceholder(i + 1), i + 1);
        literal += text.slice(i, end + 2);
        i = end + 2;
      } else if (c === '[') {
        BRACKETED.lastIndex = i;
        const m = BRACKETED.exec(text);
        literal += m ? m[0] : c;
        i += m ? m[0].length : 1;
      } else if (c === '{') {
        flush();
        const at = i + 1;
        i++;
        const options: SpinNode[][] = [];
        for (;;) {
          const option = sequence(depth + 1);
          if (!Array.isArray(option)) return option;
          options.push(option);
          if (i >= text.length) return fail(spintaxMessages.unclosed(at), at);
          const sep = text[i];
          i++;
          if (sep === '}') break;
        }
        if (options.length === 1 && options[0]!.length === 0) return fail(spintaxMessages.empty(at), at);
        nodes.push({ at, options });
      } else if (c === '}' || c === '|') {
        if (depth > 0) break;
        if (c === '}') return fail(spintaxMessages.unmatchedClose(i + 1), i + 1);
        literal += c;
        i++;
      } else {
        literal += c;
        i++;
      }
    }
    flush();
    return nodes;
  }

  const nodes = sequence(0);
  return Array.isArray(nodes) ? { ok: true, nodes } : nodes;
}

/** The first spintax error of `text` with its 1-based character, or null when it is valid. */
export function spintaxError(text: string): { error: string; at: number } | null {
  const parsed = parseSpintax(text);
  return parsed.ok ? null : { error: parsed.error, at: parsed.at };
}

function countNodes(nodes: SpinNode[]): number {
  let n = 1;
  for (const node of nodes)
    if (typeof node !== 'string') n *= node.options.reduce((sum, o) => sum + countNodes(o), 0);
  return n;
}

/**
 * How many different texts `text` can produce (1 without spintax); different option paths that read
 * the same count separately. 0 when the spintax is invalid. Capped at Number.MAX_SAFE_INTEGER.
 */
export function spintaxCombinations(text: string): number {
  const parsed = parseSpintax(text);
  return parsed.ok ? Math.min(countNodes(parsed.nodes), Number.MAX_SAFE_INTEGER) : 0;
}

/**
 * A 32-bit hash of a string (cyrb53's mixing, reduced to 32 bits; public domain, by bryc:
 * https://github.com/bryc/code/blob/master/jshash/experimental/cyrb53.js). Not cryptographic:
 * it only has to spread seeds evenly.
 */
export function hash32(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** The seed of one prospect's step: the same for the preview and every send of that step. */
export const spinSeed = (prospectId: string, stepNumber: number, part: 'subject' | 'body') =>
  `${prospectId}:${stepNumber}:${part}`;

function renderNodes(nodes: SpinNode[], seed: string): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else out += renderNodes(node.options[hash32(`${seed}@${node.at}`) % node.options.length]!, seed);
  }
  return out;
}

/**
 * The text `text` gives for `seed`: each choice resolved by hash(seed, its position), escapes
 * resolved, placeholders left for {@link renderPlaceholders}.
 * @throws Error with the spintax message when `text` is invalid (saved steps are checked on save).
 */
export function renderSpintax(text: string, seed: string): string {
  const parsed = parseSpintax(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return renderNodes(parsed.nodes, seed);
}
