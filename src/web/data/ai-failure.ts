import { ApiError } from '../lib/api-error';
import { refusalMessage } from '../lib/form-errors';

/**
 * What an AI screen says when its request failed (docs/decisions/010-ai-writing.md): the server's own
 * words when they tell the user what to do — the model's answer could not be used (502
 * AI_UNUSABLE_ANSWER: try again), AI is not configured (503), or the request was refused (4xx) —
 * else `fallback` (network failure, other 5xx).
 */
export function aiFailureMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (error.code === 'AI_UNUSABLE_ANSWER' || error.code === 'AI_NOT_CONFIGURED')
  )
    return error.message;
  return refusalMessage(error, fallback);
}
