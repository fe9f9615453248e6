import { EventSourceParserStream } from 'eventsource-parser/stream';
import { apiPaths } from '#shared/paths';
import {
  generateEventSchemas,
  guestPostMessages,
  type GuestPost,
  type GuestPostRequestInput,
} from '#shared/schemas/guest-posts';
import { apiErrorFrom } from '#web/lib/api-client';
import { ApiError } from '#web/lib/api-error';

/**
 * Asks the server to write a guest post and reads its server-sent events from the fetch body
 * (same origin, so the CSP's connect-src 'self' allows it): `onText` gets the text as it is written.
 * @returns the saved post.
 * @throws ApiError for refusals before any text (validation, not configured, daily limit, 404), when
 *   the model fails midway ('An error occurred. Please try again.') and when it wrote nothing usable
 *   (AI_UNUSABLE_ANSWER).
 */
export async function streamGuestPost(
  request: GuestPostRequestInput,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<GuestPost> {
  let response: Response;
  try {
    response = await fetch(apiPaths.guestPostGenerate, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'INTERNAL', guestPostMessages.generateFailed);
  }
  if (!response.ok || !response.body) throw await apiErrorFrom(response);
  // A reader loop rather than for-await: Safari's streams are not async-iterable.
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value: event, done } = await reader.read();
    if (done) break;
    const data: unknown = JSON.parse(event.data);
    if (event.event === 'delta') onText(generateEventSchemas.delta.parse(data).text);
    else if (event.event === 'done') return generateEventSchemas.done.parse(data);
    else if (event.event === 'error') {
      const { code, message } = generateEventSchemas.error.parse(data);
      throw new ApiError(200, code, message);
    }
  }
  throw new ApiError(200, 'INTERNAL', guestPostMessages.generateFailed);
}
