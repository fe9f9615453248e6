import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type LanguageModel } from 'ai';
import { aiMessages, type AiStatus } from '../../shared/schemas/ai';
import { withoutNul } from '../../shared/text/without-nul';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { requestsToday, takeDailyRequest } from './usage';

/** What one model call is asked: the instructions (system), the request, and an output bound in tokens. */
export interface AiPrompt {
  system: string;
  prompt: string;
  maxOutputTokens?: number;
}

/** The model call failed (after retries) or timed out; `cause` is the AI SDK's error, for the log. */
export class AiCallError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AiCallError';
  }
}

/**
 * The app's one way to a language model (docs/decisions/010-ai-writing.md): any OpenAI-compatible chat-completions server set by
 * AI_BASE_URL, AI_API_KEY and AI_MODEL, through the Vercel AI SDK. Every call is a signed-in user's,
 * counted against AI_DAILY_REQUESTS_PER_USER; it is retried on 429 and 5xx (AI_MAX_RETRIES, the SDK's
 * back-off, honouring retry-after) and aborted after AI_TIMEOUT_MS. The model's text comes back without
 * NUL characters, which PostgreSQL `text` cannot hold (docs/security.md, "Input with NUL characters").
 */
export interface AiWriter {
  readonly configured: boolean;
  status(userId: string): Promise<AiStatus>;
  /**
   * Starts a streamed call. Checks and counts happen before it resolves, so their errors can still be a
   * plain HTTP answer; the returned iterable yields text as the model writes it.
   * @throws AppError AI_NOT_CONFIGURED (503) or RATE_LIMITED (429, the daily limit) before any text;
   *   the iterable throws AiCallError when the call fails midway.
   */
  stream(userId: string, prompt: AiPrompt, signal?: AbortSignal): Promise<AsyncIterable<string>>;
  /**
   * One whole answer.
   * @throws AppError AI_NOT_CONFIGURED or RATE_LIMITED; AiCallError when the call fails.
   */
  generate(userId: string, prompt: AiPrompt, signal?: AbortSignal): Promise<string>;
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
    async status(userId) {
      const used = await requestsToday(db, userId);
      return {
        configured: model !== null,
        model: config.AI_MODEL ?? null,
        requestsLeftToday: Math.max(0, limit - used),
        dailyLimit: limit,
      };
    },
    async stream(userId, prompt, signal) {
      const admitted = await admit(userId);
      const result = streamText({
        model: admitted,
        ...callSettings(prompt, signal),
        // Errors arrive as 'error' parts below; the SDK's default handler would only print them.
        onError: () => undefined,
      });
      return (async function* () {
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') yield withoutNul(part.text);
          else if (part.type === 'error') throw new AiCallError(part.error);
          else if (part.type === 'abort') throw new AiCallError(new Error('aborted'));
        }
      })();
    },
    async generate(userId, prompt, signal) {
      const admitted = await admit(userId);
      try {
        const result = await generateText({ model: admitted, ...callSettings(prompt, signal) });
        return withoutNul(result.text);
      } catch (error) {
        throw new AiCallError(error);
      }
    },
  };
}
