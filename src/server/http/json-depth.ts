import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have; every API body needs far fewer. */
export const MAX_JSON_DEPTH = 32;

/** The 400 message of a body nested deeper than MAX_JSON_DEPTH. */
export const tooDeepMessage = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text nests arrays/objects deeper than `maxDepth`. One linear scan that skips
 * string contents (escapes included) and stops at the first level too deep, so a hostile body
 * costs a pass over its bytes instead of a recursive parse and a walk of millions of nodes.
 * Malformed text is not judged here: JSON.parse refuses it afterwards.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH, before it is parsed.
 * @throws AppError INVALID_JSON (400) with tooDeepMessage.
 */
export function assertJsonDepth(text: string): void {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new AppError('INVALID_JSON', tooDeepMessage);
}
