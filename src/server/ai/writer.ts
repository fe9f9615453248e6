import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type LanguageModel } from 'ai';
import { aiMessages, type AiStatus } from '../../shared/schemas/ai';
import { withoutNul } from '../../shared/text/without-nul';
import type { Actor } from '../auth/workspaces';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { requestsToday, takeDailyRequest } from './usage';

/** What one model call is asked: the instructions (system), the request, and an output bound in tokens. */
export interface AiPrompt {
  system: string;
  prompt: string;
  maxOutputTokens?: number;
  /**
   * Added to the instructions for the one retry when the first answer could not be used: says
   * again, more firmly, what the answer must look like (models return the wrong shape at times).
   */
  stricter: string;
}

/** Whose daily allowance a call takes: always the user's, never the workspace's (docs/decisions/023-workspaces-and-roles.md). */
export type AiCaller = Pick<Actor, 'userId'>;

/** The model call failed (after retries) or timed out; `cause` is the AI SDK's error, for the log. */
export class AiCallError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AiCallError';
  }
}

/** The model answered twice (the second time more strictly asked) and neither answer could be used. */
export class AiUnusableAnswerError extends AiCallError {
  constructor(answer: string) {
    super(new Error(`no usable answer after a stricter retry; the last began: ${answer.slice(0, 200)}`));
    this.name = 'AiUnusableAnswerError';
  }
}

/** The prompt as first asked, then as asked again when its answer could not be used. */
function attempts(prompt: AiPrompt): AiPrompt[] {
  return [prompt, { ...prompt, system: `${prompt.system}\n\n${prompt.stricter}` }];
}

/**
 * The app's one way to a language model (docs/decisions/010-ai-writing.md): any OpenAI-compatible chat-completions server set by
 * AI_BASE_URL, AI_API_KEY and AI_MODEL, through the Vercel AI SDK. Every call is a signed-in user's,
 * counted against AI_DAILY_REQUESTS_PER_USER; it is retried on 429 and 5xx (AI_MAX_RETRIES, the SDK's
 * back-off, honouring retry-after) and aborted after AI_TIMEOUT_MS. An answer that cannot be used is
 * asked for once more with the prompt's stricter instruction, within the same counted request. The
 * model's text comes back without NUL characters, which PostgreSQL `text` cannot hold
 * (docs/security.md, "Input with NUL characters").
 */
export interface AiWriter {
  readonly configured: boolean;
  /** Whether a model is set up, and the caller's requests left today (the count `takeDailyRequest` keeps). */
  status(caller: AiCaller): Promise<AiStatus>;
  /**
   * Starts a streamed call. Checks and counts happen before it resolves, so their errors can still be a
   * plain HTTP answer; the returned iterable yields text as the model writes it. When the whole text
   * is blank it streams a second, stricter attempt.
   * @throws AppError AI_NOT_CONFIGURED (503) or RATE_LIMITED (429, the daily limit) before any text;
   *   the iterable throws AiCallError when the call fails midway, AiUnusableAnswerError when both
   *   attempts were blank.
   */
  stream(caller: AiCaller, prompt: AiPrompt, signal?: AbortSignal): Promise<AsyncIterable<string>>;
  /**
   * One whole answer, read by `read` (null: the answer cannot be used, so ask once more, more strictly).
   * @throws AppError AI_NOT_CONFIGURED or RATE_LIMITED; AiCallError when the call fails;
   *   AiUnusableAnswerError when `read` refused both answers.
   */
  generate<T>(
    caller: AiCaller,
    prompt: AiPrompt,
    read: (answer: string) => T | null,
    signal?: AbortSignal,
  ): Promise<T>;
}

/** The configured model, or null when AI_BASE_URL or AI_MODEL is missing. */
function modelFrom(config: Config): LanguageModel | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  const provider = createOpenAICompatible({
    name: 'ai',
    baseURL: config.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: config.AI_API_KEY,
  });
  return provider.chatModel(config.AI_MODEL);
}

/**
 * What the user is told when a model call failed (docs/decisions/010-ai-writing.md): 502
 * AI_UNUSABLE_ANSWER when the model answered but neither that answer nor the stricter retry's could
 * be used (another try may work); otherwise 500 INTERNAL with the feature's own `failedMessage`.
 */
export function aiFailure(error: unknown, failedMessage: string): AppError {
  return error instanceof AiUnusableAnswerError
    ? new AppError('AI_UNUSABLE_ANSWER', aiMessages.unusableAnswer)
    : new AppError('INTERNAL', failedMessage);
}

/** Builds the writer from the settings; without a model every call answers 'AI is not configured'. */
export function createAiWriter(db: Database, config: Config): AiWriter {
  const model = modelFrom(config);
  const limit = config.AI_DAILY_REQUESTS_PER_USER;

  async function admit(userId: string): Promise<LanguageModel> {
    if (!model) throw new AppError('AI_NOT_CONFIGURED', aiMessages.notConfigured);
    await takeDailyRequest(db, userId, limit);
    return model;
  }

  const callSettings = (prompt: AiPrompt, signal: AbortSignal | undefined) => ({
    system: prompt.system,
    prompt: prompt.prompt,
    maxOutputTokens: prompt.maxOutputTokens,
    maxRetries: config.AI_MAX_RETRIES,
    abortSignal: signal,
    timeout: config.AI_TIMEOUT_MS,
  });

  return {
    configured: model !== null,
    async status({ userId }) {
      const used = await requestsToday(db, userId);
      return {
        configured: model !== null,
        model: config.AI_MODEL ?? null,
        requestsLeftToday: Math.max(0, limit - used),
        dailyLimit: limit,
      };
    },
    async stream({ userId }, prompt, signal) {
      const admitted = await admit(userId);
      const streamed = (attempt: AiPrompt) =>
        streamText({
          model: admitted,
          ...callSettings(attempt, signal),
          // Errors arrive as 'error' parts below; the SDK's default handler would only print them.
          onError: () => undefined,
        }).fullStream;
      return (async function* () {
        for (const attempt of attempts(prompt)) {
          let wrote = false;
          for await (const part of streamed(attempt)) {
            if (part.type === 'text-delta') {
              const piece = withoutNul(part.text);
              wrote ||= piece.trim() !== '';
              yield piece;
            } else if (part.type === 'error') throw new AiCallError(part.error);
            else if (part.type === 'abort') throw new AiCallError(new Error('aborted'));
          }
          if (wrote) return;
        }
        throw new AiUnusableAnswerError('');
      })();
    },
    async generate({ userId }, prompt, read, signal) {
      const admitted = await admit(userId);
      let answer = '';
      for (const attempt of attempts(prompt)) {
        try {
          const result = await generateText({ model: admitted, ...callSettings(attempt, signal) });
          answer = withoutNul(result.text);
        } catch (error) {
          throw new AiCallError(error);
        }
        const value = read(answer);
        if (value !== null) return value;
      }
      throw new AiUnusableAnswerError(answer);
    },
  };
}
