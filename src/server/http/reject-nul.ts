import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasNul } from '../../shared/text/without-nul';
import { assertJsonDepth } from './json-depth';
import type { ErrorResponse } from '../../shared/schemas/api';

/** The answer's message; `field` is the dotted path of the text, as in VALIDATION_ERROR issues. */
export const nulMessage = (field: string): string =>
  field ? `Text may not contain NUL characters (field: ${field})` : 'Text may not contain NUL characters';

/** Requests whose raw JSON text carries a `\u0000` escape: only their bodies are walked. */
const bodiesWithNulEscape = new WeakSet<FastifyRequest>();

/**
 * The dotted path (`steps.0.subject`, as the validation errors name fields) of the first string,
 * or object key, that contains a NUL character; null when there is none. Walks with its own stack,
 * so a deeply nested body cannot overflow the call stack.
 */
export function findNulField(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (hasNul(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasNul(key)) return childPath.replaceAll('\u0000', '');
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * Refuses API input that PostgreSQL `text` cannot hold: a JSON body (any depth, keys and values),
 * a query string or a route parameter carrying a NUL character (U+0000) is answered 400
 * VALIDATION_ERROR naming the field, before validation and before any handler, so nothing is
 * stored and no query fails with a 500 (docs/security.md, "Input with NUL characters"). Other
 * control characters are valid in `text` and pass. Register before the routes: it replaces the
 * JSON body parser (Fastify's own, with its prototype-poisoning protection, after a refusal of
 * bodies nested deeper than MAX_JSON_DEPTH and a scan of the raw text for the `\u0000` escape, the
 * only way JSON can carry a NUL) and adds a preValidation hook for every `/api` route.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      assertJsonDepth(body as string);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    // A literal backslash before "u0000" also matches: the walk below then finds nothing.
    if ((body as string).includes('\\u0000')) bodiesWithNulEscape.add(request);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const field =
      findNulField(request.params) ??
      findNulField(request.query) ??
      (bodiesWithNulEscape.has(request) ? findNulField(request.body) : null);
    if (field === null) return;
    const message = nulMessage(field);
    const answer: ErrorResponse = {
      error: { code: 'VALIDATION_ERROR', message, issues: [{ path: field, message }] },
    };
    return reply.status(400).send(answer);
  });
}
